/* A C program that loads what the Swift runtime needs from the system (libstdc++, libm), prints
 * "ready" and waits: what a bare Swift program's RSS is measured against.
 *
 *   pause */
#include <stdio.h>
#include <unistd.h>

int main(void) {
    puts("ready");
    fflush(stdout);
    for (;;) pause();
}
