// An LD_PRELOAD library that counts heap allocations (malloc, calloc, realloc, posix_memalign,
// aligned_alloc, memalign) and prints the total to stderr when the process exits. Used by
// bench/allocations: `gcc -shared -fPIC -O2 -o malloc-count.so malloc-count.c -ldl`.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static atomic_ulong allocations;

#define FORWARD(name, ret, params, args)                          \
    ret name params {                                             \
        static ret (*real) params;                                \
        if (!real) real = (ret (*) params)dlsym(RTLD_NEXT, #name); \
        atomic_fetch_add_explicit(&allocations, 1, memory_order_relaxed); \
        return real args;                                         \
    }

// dlsym itself may call calloc before `real` is known: serve that from a small static arena.
static char arena[4096];
static size_t arenaUsed;
void *calloc(size_t count, size_t size) {
    static void *(*real)(size_t, size_t);
    static int resolving;
    if (!real) {
        if (resolving) {
            size_t bytes = (count * size + 15) & ~(size_t)15;
            void *block = arena + arenaUsed;
            arenaUsed += bytes;
            return block;
        }
        resolving = 1;
        real = (void *(*)(size_t, size_t))dlsym(RTLD_NEXT, "calloc");
        resolving = 0;
    }
    atomic_fetch_add_explicit(&allocations, 1, memory_order_relaxed);
    return real(count, size);
}

FORWARD(malloc, void *, (size_t size), (size))
FORWARD(realloc, void *, (void *pointer, size_t size), (pointer, size))
FORWARD(posix_memalign, int, (void **out, size_t alignment, size_t size), (out, alignment, size))
FORWARD(aligned_alloc, void *, (size_t alignment, size_t size), (alignment, size))
FORWARD(memalign, void *, (size_t alignment, size_t size), (alignment, size))

void free(void *pointer) {
    static void (*real)(void *);
    if ((char *)pointer >= arena && (char *)pointer < arena + sizeof arena) return;
    if (!real) real = (void (*)(void *))dlsym(RTLD_NEXT, "free");
    real(pointer);
}

__attribute__((destructor)) static void report(void) {
    char line[64];
    int length = snprintf(line, sizeof line, "malloc-count: %lu allocations\n", atomic_load(&allocations));
    if (length > 0) (void)!write(2, line, (size_t)length);
}
