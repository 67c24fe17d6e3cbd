import ReveilleCLI

await Reveille.runMain()
