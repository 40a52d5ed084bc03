# Toolchain for EL3 images: clang-16 for bare-metal AArch64, ld.lld-16, Debian's picolibc.
# Everything here comes from Debian packages installed by tools/setup.
set(CMAKE_SYSTEM_NAME Generic)
set(CMAKE_SYSTEM_PROCESSOR aarch64)
set(CMAKE_TRY_COMPILE_TARGET_TYPE STATIC_LIBRARY)

set(SECMON_LLVM_SUFFIX "-16" CACHE STRING "Suffix of the LLVM tools (clang-16, ld.lld-16)")
find_program(SECMON_CLANG clang${SECMON_LLVM_SUFFIX})
find_program(SECMON_LLD ld.lld${SECMON_LLVM_SUFFIX})
find_program(SECMON_OBJCOPY llvm-objcopy${SECMON_LLVM_SUFFIX})
find_program(SECMON_OBJDUMP llvm-objdump${SECMON_LLVM_SUFFIX})
find_program(SECMON_SIZE llvm-size${SECMON_LLVM_SUFFIX})
foreach(tool SECMON_CLANG SECMON_LLD SECMON_OBJCOPY SECMON_OBJDUMP SECMON_SIZE)
  if(NOT ${tool})
    message(FATAL_ERROR "${tool} not found: run tools/setup (needs clang-16, lld-16, llvm-16)")
  endif()
endforeach()

set(SECMON_PICOLIBC_DIR "/usr/lib/picolibc/aarch64-linux-gnu" CACHE PATH "Debian picolibc for aarch64")
if(NOT EXISTS "${SECMON_PICOLIBC_DIR}/lib/libc.a")
  message(FATAL_ERROR "picolibc not found in ${SECMON_PICOLIBC_DIR}: run tools/setup (picolibc-aarch64-linux-gnu)")
endif()
# Builtins (128-bit division and the like): compiler-rt from libclang-rt-16-dev:arm64, the
# runtime that matches the compiler, rather than GCC's libgcc.a from a cross toolchain.
set(SECMON_BUILTINS "/usr/lib/llvm-16/lib/clang/16/lib/linux/libclang_rt.builtins-aarch64.a"
    CACHE FILEPATH "compiler-rt builtins for aarch64")
if(NOT EXISTS "${SECMON_BUILTINS}")
  message(FATAL_ERROR "compiler-rt builtins not found at ${SECMON_BUILTINS}: run tools/setup (libclang-rt-16-dev:arm64)")
endif()

set(CMAKE_C_COMPILER "${SECMON_CLANG}")
set(CMAKE_ASM_COMPILER "${SECMON_CLANG}")
set(CMAKE_C_COMPILER_TARGET aarch64-none-elf)
set(CMAKE_ASM_COMPILER_TARGET aarch64-none-elf)
set(CMAKE_OBJCOPY "${SECMON_OBJCOPY}" CACHE FILEPATH "" FORCE)
set(CMAKE_AR "/usr/bin/llvm-ar${SECMON_LLVM_SUFFIX}" CACHE FILEPATH "" FORCE)
set(CMAKE_RANLIB "/usr/bin/llvm-ranlib${SECMON_LLVM_SUFFIX}" CACHE FILEPATH "" FORCE)

# EL3 code never touches FP/SIMD registers; x18 is kept out of the compiler's hands so the
# SMC fast path need not save it.
# _FORTIFY_SOURCE=2: picolibc's ssp/ headers check memcpy, memset, strcpy & co. into objects of
# known size (picolibc has no level 3); core/lib/fortify.c's __chk_fail() panics. Its
# snprintf/vsnprintf checks (__vsnprintf_chk) use SIMD registers: EL3 code calls neither.
set(CMAKE_C_FLAGS_INIT "-mgeneral-regs-only -ffreestanding -fno-common -ffunction-sections -fdata-sections -ffixed-x18 -mstrict-align -fno-pic -D_FORTIFY_SOURCE=2 -isystem ${SECMON_PICOLIBC_DIR}/include")
set(CMAKE_ASM_FLAGS_INIT "-ffixed-x18")
set(CMAKE_EXE_LINKER_FLAGS_INIT "-fuse-ld=lld --ld-path=${SECMON_LLD} -nostdlib -static -Wl,--gc-sections -Wl,--build-id=none -Wl,-z,noexecstack")
set(CMAKE_C_STANDARD_LIBRARIES "${SECMON_PICOLIBC_DIR}/lib/libc.a ${SECMON_BUILTINS}")

set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
