/// What a desktop notification shows and how the server should treat it.
public struct NotificationContent: Sendable, Equatable {
    /// A button (or, with the key `default`, a click on the notification).
    public struct Action: Sendable, Equatable {
        /// The key `onAction` receives; `default` is the spec's click.
        public var key: String
        /// The button text. libnotify requires one even for `default`.
        public var label: String

        public init(key: String, label: String) {
            self.key = key
            self.label = label
        }
    }

    /// The spec's urgency levels; `critical` ones stay until dismissed.
    public enum Urgency: Sendable, Equatable {
        case low, normal, critical
    }

    /// When the server closes the notification by itself.
    public enum Timeout: Sendable, Equatable {
        /// The server's own choice (`NOTIFY_EXPIRES_DEFAULT`).
        case serverDefault
        /// Never (`NOTIFY_EXPIRES_NEVER`).
        case never
        /// After this long, rounded down to milliseconds.
        case after(Duration)
    }

    public var summary: String
    public var body: String
    /// In the order the server should show them.
    public var actions: [Action]
    public var urgency: Urgency
    public var timeout: Timeout
    /// The `resident` hint: the notification stays after an action is invoked.
    public var isResident: Bool
    /// The `suppress-sound` hint: the server plays no sound of its own.
    public var suppressesSound: Bool
    /// The `desktop-entry` hint: the .desktop file's name without `.desktop`.
    public var desktopEntry: String?
    /// The icon: a theme icon name or an absolute file path; nil for none.
    public var icon: String?
    /// The `category` hint. The spec's standard categories (device, email,
    /// im, network, presence, transfer) do not fit an alarm, hence nil by default.
    public var category: String?

    public init(
        summary: String,
        body: String = "",
        actions: [Action] = [],
        urgency: Urgency = .normal,
        timeout: Timeout = .serverDefault,
        isResident: Bool = false,
        suppressesSound: Bool = false,
        desktopEntry: String? = nil,
        icon: String? = nil,
        category: String? = nil
    ) {
        self.summary = summary
        self.body = body
        self.actions = actions
        self.urgency = urgency
        self.timeout = timeout
        self.isResident = isResident
        self.suppressesSound = suppressesSound
        self.desktopEntry = desktopEntry
        self.icon = icon
        self.category = category
    }
}
