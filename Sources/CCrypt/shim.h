// libxcrypt's crypt_r and crypt_gensalt_rn, for the salted hashes code cards are kept as.
#ifndef REVEILLE_CCRYPT_SHIM_H
#define REVEILLE_CCRYPT_SHIM_H

#include <crypt.h>

#endif
