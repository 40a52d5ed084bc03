/* The test secure payload's binary, carried in this image (path from CMake). */
	.section .rodata.qemu_tsp_image, "a"
	.balign 16
	.global qemu_tsp_image_start
qemu_tsp_image_start:
	.incbin TSP_IMAGE_PATH
	.global qemu_tsp_image_end
qemu_tsp_image_end:
