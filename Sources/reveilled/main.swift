import Glibc
@_spi(ReactorExecutors) import LinuxEvents
import ReveilleAgent

/// Every task and actor of the agent runs on LinuxEvents' one event loop, on this thread: Swift's
/// default executors run on libdispatch's pools, whose monitor wakes an idle process every second.
typealias DefaultExecutorFactory = ReactorExecutors

exit(await Agent.run(arguments: CommandLine.arguments))
