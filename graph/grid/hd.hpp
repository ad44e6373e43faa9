// graph/grid/hd.hpp — ARCWAVE_GRID_HD marks small functions shared by the CPU code and the CUDA
// kernels of the grid engine (__host__ __device__ under nvcc, plain inline elsewhere).
#pragma once

#if defined(__CUDACC__)
#define ARCWAVE_GRID_HD __host__ __device__ __forceinline__
#else
#define ARCWAVE_GRID_HD inline
#endif
