# The compiler-independent part of the EL3 toolchain, included by the compiler's file
# (toolchain-aarch64-clang.cmake, toolchain-aarch64-gcc.cmake) once it has set:
#   SECMON_TOOLCHAIN            clang or gcc (recorded in the installed package)
#   SECMON_COMPILER_C_FLAGS     the compiler's own C flags (target, its defaults undone)
#   SECMON_COMPILER_ASM_FLAGS   the same for assembly
#   SECMON_COMPILER_LINK_FLAGS  which linker, and how it is called
#   SECMON_BUILTINS             the compiler's helper library (128-bit division and the like)
# and the compilers, CMAKE_OBJCOPY and the SECMON_OBJDUMP / SECMON_SIZE / SECMON_NM tools
# the build and the image checks use. The EL3 flags are here and nowhere else.
set(CMAKE_SYSTEM_NAME Generic)
set(CMAKE_SYSTEM_PROCESSOR aarch64)
set(CMAKE_TRY_COMPILE_TARGET_TYPE STATIC_LIBRARY)

foreach(var SECMON_TOOLCHAIN SECMON_BUILTINS)
  if(NOT ${var})
    message(FATAL_ERROR "${var} not set: include ${CMAKE_CURRENT_LIST_FILE} from a compiler's toolchain file")
  endif()
endforeach()
if(NOT EXISTS "${SECMON_BUILTINS}")
  message(FATAL_ERROR "${SECMON_TOOLCHAIN}'s builtins library not found at ${SECMON_BUILTINS}: run tools/setup")
endif()

set(SECMON_PICOLIBC_DIR "/usr/lib/picolibc/aarch64-linux-gnu" CACHE PATH "Debian picolibc for aarch64")
if(NOT EXISTS "${SECMON_PICOLIBC_DIR}/lib/libc.a")
  message(FATAL_ERROR "picolibc not found in ${SECMON_PICOLIBC_DIR}: run tools/setup (picolibc-aarch64-linux-gnu)")
endif()

# EL3 code never touches FP/SIMD registers; x18 is kept out of the compiler's hands so the
# SMC fast path need not save it; no unaligned access (the MMU may be off).
# _FORTIFY_SOURCE=2: picolibc's ssp/ headers check memcpy, memset, strcpy & co. into objects of
# known size (picolibc has no level 3); core/lib/fortify.c's __chk_fail() panics. Its
# snprintf/vsnprintf checks (__vsnprintf_chk) use SIMD registers: EL3 code calls neither.
# -Os unless the build type says otherwise (its flags come later and win): a project that
# sets no CMAKE_BUILD_TYPE, as many an integrator's does, still gets the image size the
# libraries were measured with.
string(STRIP "-Os -mgeneral-regs-only -ffreestanding -fno-common -ffunction-sections -fdata-sections -ffixed-x18 -mstrict-align -fno-pic -D_FORTIFY_SOURCE=2 -isystem ${SECMON_PICOLIBC_DIR}/include ${SECMON_COMPILER_C_FLAGS}" CMAKE_C_FLAGS_INIT)
# Assembly may not name FP/SIMD registers either: the assembler rejects them (+nofp+nosimd,
# the instruction set of the EL3 code otherwise the compiler's default, Armv8.0-A).
string(STRIP "-ffixed-x18 -march=armv8-a+nofp+nosimd ${SECMON_COMPILER_ASM_FLAGS}" CMAKE_ASM_FLAGS_INIT)
# Debug images optimise for debugging (-Og), not at all (-O0): they must fit in the same
# trusted SRAM as release images (N1SDP's loaded part ends below BL2), and -O0 code is
# about twice the size.
set(CMAKE_C_FLAGS_DEBUG_INIT "-Og -g")
# Our own entry and linker scripts: no start files, no default libraries, no PIE.
string(STRIP "${SECMON_COMPILER_LINK_FLAGS} -nostdlib -static -Wl,--gc-sections -Wl,--build-id=none -Wl,-z,noexecstack" CMAKE_EXE_LINKER_FLAGS_INIT)
set(CMAKE_C_STANDARD_LIBRARIES "${SECMON_PICOLIBC_DIR}/lib/libc.a ${SECMON_BUILTINS}")

set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)

# The libraries of an image reference each other both ways (the arch layer logs through
# the runtime library, which halts through the arch layer): linked as one group, which GNU
# ld needs to resolve them (it reads each archive once, in order) and lld does anyway.
set(CMAKE_C_LINK_EXECUTABLE
    "<CMAKE_C_COMPILER> <FLAGS> <CMAKE_C_LINK_FLAGS> <LINK_FLAGS> <OBJECTS> -o <TARGET> -Wl,--start-group <LINK_LIBRARIES> -Wl,--end-group")
