// libqrencode, for the QR code printed on a code card.
#ifndef REVEILLE_CQRENCODE_SHIM_H
#define REVEILLE_CQRENCODE_SHIM_H

#include <qrencode.h>

#endif
