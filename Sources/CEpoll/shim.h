/* Swift's Glibc module leaves out <sys/epoll.h>, <sys/eventfd.h> and thread naming: this header-only module
 * makes glibc's own declarations visible to EmuHTTP's Linux event loops (nothing is linked
 * beyond libc). Empty on other systems, which use Dispatch sources instead. */
#ifndef LCEMU_CEPOLL_H
#define LCEMU_CEPOLL_H
#ifdef __linux__
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/prctl.h>
/* Names the calling thread (15 bytes at most): pthread_setname_np needs _GNU_SOURCE. */
static inline void lcemu_name_this_thread(const char *name) { prctl(PR_SET_NAME, name, 0, 0, 0); }
#endif
#endif
