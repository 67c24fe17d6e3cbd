// The floor for the Swift runtime's own idle RSS: a bare Swift program, linked as reveilled is
// (the static standard library), that prints "ready" and waits until killed.
#if canImport(Glibc)
import Glibc
#endif

print("ready")
fflush(stdout)
while true { pause() }
