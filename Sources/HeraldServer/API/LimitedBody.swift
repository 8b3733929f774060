import Hummingbird

/// A request body that ends with `error` where it passes `limit` bytes, rather than being read on.
struct LimitedBody<Base: AsyncSequence & Sendable>: AsyncSequence, Sendable where Base.Element == ByteBuffer {
  typealias Element = ByteBuffer
  let base: Base
  let limit: Int
  let error: APIError

  struct AsyncIterator: AsyncIteratorProtocol {
    var base: Base.AsyncIterator
    let limit: Int
    let error: APIError
    var count = 0

    mutating func next() async throws -> ByteBuffer? {
      guard let buffer = try await base.next() else { return nil }
      count += buffer.readableBytes
      if count > limit { throw error }
      return buffer
    }
  }

  func makeAsyncIterator() -> AsyncIterator {
    AsyncIterator(base: base.makeAsyncIterator(), limit: limit, error: error)
  }
}
