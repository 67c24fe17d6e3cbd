import Glibc
import ReveilleAgent

exit(await Agent.run(arguments: CommandLine.arguments))
