import HeraldPostgres
import HeraldPostgresConnections
import HummingbirdCore
import Logging
import NIOCore

/// HTTP/1 connections each served on the event loop that reads and writes them: a request is
/// read, answered and written on one thread, and with the database's connections kept to their
/// loops (`DatabaseConnections`) so are its queries, instead of hopping to Swift's thread pool
/// and back for each part. For a server for many users only: every wait there is an `await`,
/// while SQLite's store blocks its thread for each statement, which on a loop would hold every
/// other connection of it.
struct LoopBoundHTTP1Channel: ServerChildChannel {
  let base: HTTP1Channel

  func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<HTTP1Channel.Value> {
    base.setup(channel: channel, logger: logger)
  }

  func handle(value: HTTP1Channel.Value, logger: Logger) async {
    await withTaskExecutorPreference(EventLoopTaskExecutor(value.channel.eventLoop)) {
      await base.handle(value: value, logger: logger)
    }
  }
}
