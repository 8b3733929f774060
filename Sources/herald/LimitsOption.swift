import ArgumentParser
import Foundation
import HeraldCore
import HeraldInterchange

/// The `--limits` choices.
enum LimitsOption: String, ExpressibleByArgument, CaseIterable {
  case ios
  case unlimited

  var value: Limits { self == .ios ? .iOS : .unlimited }
}
