# Toolchain for EL3 images: clang-16 for bare-metal AArch64, ld.lld-16, Debian's picolibc.
# Everything here comes from Debian packages installed by tools/setup. The EL3 flags are
# in toolchain-aarch64-common.cmake, shared with toolchain-aarch64-gcc.cmake.
set(SECMON_TOOLCHAIN clang)
set(SECMON_LLVM_SUFFIX "-16" CACHE STRING "Suffix of the LLVM tools (clang-16, ld.lld-16)")
find_program(SECMON_CLANG clang${SECMON_LLVM_SUFFIX})
find_program(SECMON_LLD ld.lld${SECMON_LLVM_SUFFIX})
find_program(SECMON_OBJCOPY llvm-objcopy${SECMON_LLVM_SUFFIX})
find_program(SECMON_OBJDUMP llvm-objdump${SECMON_LLVM_SUFFIX})
find_program(SECMON_SIZE llvm-size${SECMON_LLVM_SUFFIX})
find_program(SECMON_NM llvm-nm${SECMON_LLVM_SUFFIX})
foreach(tool SECMON_CLANG SECMON_LLD SECMON_OBJCOPY SECMON_OBJDUMP SECMON_SIZE SECMON_NM)
  if(NOT ${tool})
    message(FATAL_ERROR "${tool} not found: run tools/setup (needs clang-16, lld-16, llvm-16)")
  endif()
endforeach()

# Builtins (128-bit division and the like): compiler-rt from libclang-rt-16-dev:arm64, the
# runtime that matches the compiler, rather than GCC's libgcc.a from a cross toolchain.
set(SECMON_BUILTINS "/usr/lib/llvm-16/lib/clang/16/lib/linux/libclang_rt.builtins-aarch64.a"
    CACHE FILEPATH "compiler-rt builtins for aarch64 (libclang-rt-16-dev:arm64)")

set(CMAKE_C_COMPILER "${SECMON_CLANG}")
set(CMAKE_ASM_COMPILER "${SECMON_CLANG}")
set(CMAKE_C_COMPILER_TARGET aarch64-none-elf)
set(CMAKE_ASM_COMPILER_TARGET aarch64-none-elf)
set(CMAKE_OBJCOPY "${SECMON_OBJCOPY}" CACHE FILEPATH "" FORCE)
set(CMAKE_AR "/usr/bin/llvm-ar${SECMON_LLVM_SUFFIX}" CACHE FILEPATH "" FORCE)
set(CMAKE_RANLIB "/usr/bin/llvm-ranlib${SECMON_LLVM_SUFFIX}" CACHE FILEPATH "" FORCE)

set(SECMON_COMPILER_C_FLAGS "")
set(SECMON_COMPILER_ASM_FLAGS "")
set(SECMON_COMPILER_LINK_FLAGS "-fuse-ld=lld --ld-path=${SECMON_LLD}")
include(${CMAKE_CURRENT_LIST_DIR}/toolchain-aarch64-common.cmake)
