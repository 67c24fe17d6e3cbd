import Glibc
@_spi(ReactorExecutors) import LinuxEvents

/// Every task of the helper runs on LinuxEvents' one event loop, on this thread, as in reveilled:
/// nothing runs on libdispatch's pools, whose monitor would wake the process every second.
typealias DefaultExecutorFactory = ReactorExecutors

exit(await WakeDaemon.run(arguments: CommandLine.arguments))
