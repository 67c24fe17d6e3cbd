import ReveilleCore
import ReveilleTime

/// The English words of the typing challenge, compiled in so that the agent never depends on finding
/// `words/en.txt`: a binary run from the build tree, or a damaged install, still rings. Other languages
/// are read from their files only, and fall back to these.
/// The same words as `data/words/en.txt`; a test keeps the two equal.
enum BuiltInWords {
    static let list: [String] = [
        "acorn", "airport", "album", "almond", "amber", "anchor", "animal", "apple", "apron", "arrive",
        "arrow", "artist", "attic", "autumn", "avocado", "bagel", "bake", "bakery", "balloon", "bamboo",
        "banana", "banjo", "barn", "barrel", "basket", "beach", "beetle", "bench", "berry", "blanket",
        "blossom", "boat", "book", "bottle", "bounce", "bowl", "branch", "brave", "bread", "breeze", "brick",
        "bridge", "bright", "brush", "bubble", "bucket", "build", "bunny", "butter", "button", "cabbage",
        "cabin", "cactus", "cake", "calm", "camel", "camera", "canal", "candle", "candy", "canoe", "canvas",
        "canyon", "captain", "cargo", "carpet", "carrot", "carry", "cartoon", "castle", "catch", "cedar",
        "chalk", "chapel", "cheer", "cheese", "cherry", "chess", "chicken", "chimney", "circle", "circus",
        "citrus", "clap", "clean", "clever", "cliff", "clock", "cloud", "clover", "coast", "coconut",
        "coffee", "comet", "compass", "cook", "cookie", "cool", "copper", "coral", "corner", "cottage",
        "cotton", "cousin", "crab", "crayon", "cream", "create", "cricket", "crisp", "crown", "crystal",
        "cupcake", "curious", "curtain", "daisy", "dance", "desk", "diamond", "dinner", "dish", "doctor",
        "dolphin", "donkey", "dove", "dragon", "draw", "drawer", "dream", "drum", "duck", "dune", "eagle",
        "early", "earth", "easel", "easy", "elbow", "energy", "engine", "enjoy", "explore", "fabric",
        "falcon", "family", "fancy", "farmer", "feather", "fence", "fern", "ferry", "field", "finger",
        "fishing", "flag", "float", "flower", "fluffy", "flute", "forest", "fountain", "fresh", "friend",
        "frog", "fruit", "funny", "galaxy", "garden", "garlic", "gather", "gentle", "giant", "glad", "glide",
        "globe", "glove", "goat", "golden", "grand", "granite", "grape", "grass", "gravel", "great", "green",
        "grow", "guitar", "hammer", "hamster", "happy", "harvest", "hazel", "hedge", "helmet", "heron",
        "hike", "hill", "hobby", "hockey", "honey", "hoop", "horse", "hurry", "igloo", "invent", "island",
        "ivory", "jacket", "jasmine", "jelly", "jigsaw", "jolly", "journey", "joyful", "juggle", "juice",
        "jump", "jungle", "kayak", "kettle", "kind", "kitchen", "kite", "kitten", "koala", "ladder", "lagoon",
        "lake", "lamp", "lantern", "laptop", "large", "laugh", "lava", "leaf", "lemon", "letter", "library",
        "lily", "lime", "linen", "lion", "lively", "lizard", "lotus", "lovely", "lucky", "lunch", "magic",
        "magnet", "mailbox", "mango", "maple", "marble", "market", "meadow", "medal", "mellow", "melon",
        "merry", "mighty", "mint", "mirror", "mitten", "modern", "monkey", "moon", "morning", "mosaic",
        "moss", "motor", "mountain", "mouse", "muffin", "music", "napkin", "nectar", "needle", "nest",
        "noodle", "number", "nutmeg", "oasis", "oatmeal", "ocean", "office", "olive", "onion", "open",
        "opera", "orange", "orbit", "orchard", "otter", "oven", "oyster", "paddle", "paint", "painter",
        "palace", "panda", "pantry", "paper", "parade", "parcel", "parrot", "pasta", "pastry", "peach",
        "peanut", "pearl", "pebble", "pelican", "pencil", "penguin", "pepper", "piano", "picnic", "pigeon",
        "pillow", "pine", "pizza", "planet", "plant", "play", "playful", "plum", "pocket", "polite", "pond",
        "pony", "popcorn", "poppy", "porch", "postcard", "potato", "pottery", "prism", "proud", "pudding",
        "pumpkin", "puppet", "puppy", "purple", "puzzle", "quick", "quilt", "rabbit", "radio", "radish",
        "rain", "rainbow", "raisin", "rapid", "raven", "ready", "recipe", "reef", "relax", "rest", "ribbon",
        "ride", "river", "roam", "robin", "robot", "rocket", "rosy", "round", "royal", "ruby", "saddle",
        "sail", "sailor", "salad", "sandal", "saucer", "scarf", "school", "scooter", "season", "seed",
        "shadow", "share", "shelf", "shell", "shine", "shore", "shovel", "signal", "silk", "silly", "silver",
        "simple", "sing", "singer", "skate", "sketch", "sled", "sleepy", "slipper", "slow", "smart", "smile",
        "smooth", "snack", "snail", "snow", "snowy", "soccer", "sofa", "soft", "soup", "spark", "sparrow",
        "spicy", "spider", "spinach", "sponge", "spoon", "spring", "stamp", "star", "start", "statue",
        "steady", "stone", "stove", "straw", "stream", "strong", "studio", "sugar", "summer", "summit",
        "sunny", "sunrise", "sunset", "super", "swan", "sweater", "sweet", "swift", "swing", "syrup", "table",
        "tablet", "tall", "tasty", "teacher", "teapot", "temple", "tender", "tennis", "thread", "thunder",
        "ticket", "tidy", "tiger", "timber", "tiny", "toast", "toffee", "tomato", "towel", "tower", "tractor",
        "train", "travel", "trumpet", "tulip", "tunnel", "turnip", "turtle", "umbrella", "useful", "valley",
        "vanilla", "vase", "velvet", "village", "violet", "violin", "vivid", "voyage", "waffle", "wagon",
        "walk", "wallet", "walnut", "walrus", "wander", "warm", "water", "wave", "whale", "wheat", "wheel",
        "whisper", "wild", "willow", "window", "windy", "winter", "wise", "wizard", "wonder", "wooden",
        "wool", "yarn", "yawn", "yellow", "young", "zebra", "zipper",
    ]

    /// Fewer words than this make the typing challenge too easy to guess.
    static let minimumCount = 20

    /// The words of a word list file: one per line, blank lines and `#` comments skipped.
    static func parse(_ text: String) -> [String] {
        text.split(separator: "\n").map { $0.trimmingBlanks() }.filter { !$0.isEmpty && !$0.hasPrefix("#") }
    }
}
