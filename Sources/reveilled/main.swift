import Glibc
@_spi(ReactorExecutors) import LinuxEvents
import ReveilleAgent

/// Every task and actor of the agent runs on LinuxEvents' one event loop, on this thread: Swift's
/// default executors run on libdispatch's pools, whose monitor wakes an idle process every second.
///
/// `DefaultExecutorFactory` and the protocols `ReactorExecutors` conforms to are SPI of Swift 6.3's
/// `_Concurrency` (`ExperimentalCustomExecutors`). If that SPI changes or goes away, drop this line,
/// `ReactorExecutors.swift` and `-disable-availability-checking` in Package.swift: the agent then
/// runs on Swift's default executors, correct but with a wakeup a second while idle.
typealias DefaultExecutorFactory = ReactorExecutors

exit(await Agent.run(arguments: CommandLine.arguments))
