/* Compiled with FP/SIMD allowed: tools/check-image must reject this object. */
double fp_sample_scale(double x, double y);
double fp_sample_scale(double x, double y)
{
	return x * y + 1.5;
}
