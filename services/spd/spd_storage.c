/*
 * The dispatcher's per-CPU state of the payload, one per CPU the image supports: compiled
 * into each image that links the dispatcher, with its secmon_image.h (secmon/image.h).
 */
#include <secmon_image.h>

#include "spd_private.h"

struct spd_cpu spd_cpus[SECMON_IMAGE_MAX_CPUS];
