#ifndef REVEILLE_CPULSE_SHIM_H
#define REVEILLE_CPULSE_SHIM_H
// libpulse's asynchronous API, driven by a pa_threaded_mainloop.
#include <pulse/pulseaudio.h>
// Per-application volume and mute as the server keeps them (module-stream-restore).
#include <pulse/ext-stream-restore.h>
#endif
