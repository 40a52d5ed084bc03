/* One FP instruction: the EL3 assembly flags (+nofp+nosimd) must make this fail to assemble. */
	.text
	fmov	d0, x1
