import ArgumentParser
import Foundation
import HeraldContracts
import HeraldCore
import HeraldSQLite

/// `herald settings`: every setting, shown and set with the core's validation.
struct SettingsCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "settings", abstract: "Show and set settings.", subcommands: [Show.self, SetValue.self])

  /// The language is stored beside the settings, and set the same way.
  static let localeKey = "locale"

  /// `herald settings show`: `key value` lines, every setting and the locale.
  struct Show: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Show every setting and the locale.")

    @OptionGroup var store: StoreOptions

    func run() throws {
      let database = try store.open(.readOnly)
      let settings = try database.settings()
      var lines = SettingKey.allCases.map { ($0.rawValue, settings[$0].text) }
      lines.append((SettingsCommand.localeKey, try database.language().rawValue))
      let width = lines.map(\.0.count).max() ?? 0
      for (key, value) in lines {
        try StandardOutput.writeRow(key.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + value)
      }
    }
  }

  /// `herald settings set KEY VALUE`.
  struct SetValue: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "set", abstract: "Set a setting.",
      discussion:
        "KEY is one of \(SettingKey.allCases.map(\.rawValue).joined(separator: ", ")) or locale (de|en).")

    @OptionGroup var store: StoreOptions
    @Argument(help: "The setting.") var key: String
    // Taken as every input no option claims: ArgumentParser would read `-1` as an option and say
    // "Missing expected argument", where the setting's own check names the key and its range.
    @Argument(
      parsing: .allUnrecognized,
      help: ArgumentHelp("Its value: a number, true/false, HH:MM, or de/en for locale.", valueName: "value"))
    var values: [String] = []

    func run() throws {
      guard values.count == 1, let value = values.first else {
        throw FieldError(
          key,
          values.isEmpty
            ? "needs a value" : "takes one value, got \(values.count): \(values.joined(separator: " "))")
      }
      // Both are checked before the database is opened: bad input touches nothing.
      if key == SettingsCommand.localeKey {
        let language = try Language(parsing: value)
        try store.open().setLanguage(language)
        return
      }
      let setting = try SettingKey(parsing: key)
      let parsed = try setting.parse(value)
      try store.open().set(setting, parsed)
    }
  }
}
