import NIOCore
import NIOHTTP1

/// What a receiver answered: its status, and whether the connection can carry the next request.
struct ReceiverAnswer: Sendable {
  var status: Int
  var reusable: Bool
  /// The answer's `Retry-After`, as written.
  var retryAfter: String? = nil
}

/// Why an exchange ended without an answer.
enum ExchangeFailure: Error, Sendable {
  /// The deadline passed: waiting for a connection, connecting, or waiting for the answer.
  case timedOut(connecting: Bool)
  /// The connection closed or failed before a byte of the answer came — on a kept-alive
  /// connection, possibly closed by the receiver while it was idle.
  case closedBeforeAnswer
  /// The connection closed or failed in the middle of the answer, or the answer is not HTTP.
  case brokenAnswer(String)
}

/// One kept-alive HTTP/1.1 connection to a receiver, carrying one exchange at a time: the request
/// is written in one flush, the answer's head read, its body read and dropped — up to a limit,
/// past which the connection is closed rather than read on. The state lives on the channel's
/// event loop; `exchange` may be called from anywhere.
final class ReceiverConnection: ChannelInboundHandler, @unchecked Sendable {
  typealias InboundIn = HTTPClientResponsePart
  typealias OutboundOut = HTTPClientRequestPart

  private enum State {
    case idle
    case awaitingHead
    case readingBody(status: Int, keepAlive: Bool, read: Int)
    case closed
  }

  private var state = State.idle
  /// The current answer's `Retry-After`.
  private var retryAfter: String?
  private var context: ChannelHandlerContext?
  private var promise: EventLoopPromise<ReceiverAnswer>?
  private var deadline: Scheduled<Void>?
  private let bodyLimit: Int
  let channel: any Channel
  private var eventLoop: any EventLoop { channel.eventLoop }

  init(channel: any Channel, bodyLimit: Int) {
    self.channel = channel
    self.bodyLimit = bodyLimit
  }

  /// Whether the connection is still open (on any thread: a receiver may close it a moment
  /// later, which the poster tells from a real failure).
  var isOpen: Bool { channel.isActive }

  /// Writes the request and reads its answer, all before `deadline`; fails with `ExchangeFailure`.
  func exchange(head: HTTPRequestHead, body: ByteBuffer, deadline: NIODeadline) -> EventLoopFuture<
    ReceiverAnswer
  > {
    if eventLoop.inEventLoop { return start(head: head, body: body, deadline: deadline) }
    return eventLoop.flatSubmit { self.start(head: head, body: body, deadline: deadline) }
  }

  /// Closes the connection; an exchange in progress fails.
  func close() {
    eventLoop.execute { self.context?.close(promise: nil) }
  }

  private func start(head: HTTPRequestHead, body: ByteBuffer, deadline: NIODeadline) -> EventLoopFuture<
    ReceiverAnswer
  > {
    let promise = eventLoop.makePromise(of: ReceiverAnswer.self)
    guard case .idle = state, let context, channel.isActive else {
      promise.fail(ExchangeFailure.closedBeforeAnswer)
      return promise.futureResult
    }
    // Given up on already (the task that asked waited past it for a thread): not written, so the
    // receiver never sees a request that is counted as failed.
    guard deadline > .now() else {
      promise.fail(ExchangeFailure.timedOut(connecting: false))
      return promise.futureResult
    }
    state = .awaitingHead
    self.promise = promise
    self.deadline = eventLoop.scheduleTask(deadline: deadline) { [self] in
      finish(.failure(ExchangeFailure.timedOut(connecting: false)))
    }
    context.write(wrapOutboundOut(.head(head)), promise: nil)
    context.write(wrapOutboundOut(.body(.byteBuffer(body))), promise: nil)
    context.writeAndFlush(wrapOutboundOut(.end(nil))).whenFailure { [self] _ in
      finish(.failure(ExchangeFailure.closedBeforeAnswer))
    }
    return promise.futureResult
  }

  /// Ends the exchange in progress (if any); a connection that cannot carry another is closed.
  private func finish(_ result: Result<ReceiverAnswer, ExchangeFailure>) {
    guard let promise else { return }
    self.promise = nil
    deadline?.cancel()
    deadline = nil
    switch result {
    case .success(let answer) where answer.reusable:
      state = .idle
    default:
      state = .closed
      context?.close(promise: nil)
    }
    promise.completeWith(result.mapError { $0 })
  }

  func handlerAdded(context: ChannelHandlerContext) {
    self.context = context
  }

  func handlerRemoved(context: ChannelHandlerContext) {
    self.context = nil
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    switch (unwrapInboundIn(data), state) {
    case (.head(let head), .awaitingHead):
      retryAfter = head.headers.first(name: "retry-after")
      state = .readingBody(status: Int(head.status.code), keepAlive: head.isKeepAlive, read: 0)
    case (.body(let chunk), .readingBody(let status, let keepAlive, let read)):
      let read = read + chunk.readableBytes
      if read > bodyLimit {
        // Too much to drop: the status is what counts, and the connection is not worth saving.
        finish(.success(ReceiverAnswer(status: status, reusable: false, retryAfter: retryAfter)))
      } else {
        state = .readingBody(status: status, keepAlive: keepAlive, read: read)
      }
    case (.end, .readingBody(let status, let keepAlive, _)):
      finish(.success(ReceiverAnswer(status: status, reusable: keepAlive, retryAfter: retryAfter)))
    case (_, .closed):
      break
    default:
      // An answer nobody asked for (on an idle connection): it cannot be trusted with the next.
      state = .closed
      context.close(promise: nil)
    }
  }

  func channelInactive(context: ChannelHandlerContext) {
    if case .awaitingHead = state {
      finish(.failure(.closedBeforeAnswer))
    } else {
      finish(.failure(.brokenAnswer("the receiver closed the connection in the middle of its answer")))
    }
    state = .closed
    context.fireChannelInactive()
  }

  func errorCaught(context: ChannelHandlerContext, error: any Error) {
    if case .awaitingHead = state, !(error is HTTPParserError) {
      finish(.failure(.closedBeforeAnswer))
    } else {
      finish(.failure(.brokenAnswer("the receiver's answer is not HTTP/1.1 (\(error))")))
    }
    state = .closed
    context.close(promise: nil)
  }
}
