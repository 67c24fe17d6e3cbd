#ifndef REVEILLE_CSNDFILE_SHIM_H
#define REVEILLE_CSNDFILE_SHIM_H
// libsndfile decodes WAV, Ogg Vorbis/Opus and FLAC.
#include <sndfile.h>
#endif
