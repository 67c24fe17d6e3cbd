// glibc's message catalogues (libintl) and per-thread locales, for the Gettext target only.
// Part of libc itself: nothing to link.
#ifndef REVEILLE_CINTL_SHIM_H
#define REVEILLE_CINTL_SHIM_H

#include <langinfo.h>
#include <libintl.h>
#include <locale.h>

// The category masks and LC_GLOBAL_LOCALE are macros Swift cannot import.
static inline int cintl_all_mask(void) { return LC_ALL_MASK; }
static inline int cintl_messages_mask(void) { return LC_MESSAGES_MASK; }
static inline int cintl_time_mask(void) { return LC_TIME_MASK; }
static inline int cintl_ctype_mask(void) { return LC_CTYPE_MASK; }
static inline locale_t cintl_global_locale(void) { return LC_GLOBAL_LOCALE; }

#endif
