// The test process runs hundreds of tests at once, and many of them block the thread they run on:
// they start `herald` and read its output to the end, wait for a line from a daemon, or serve a
// scripted receiver. Swift's global executor gives the whole process as many threads as there
// are cores (two on CI), so under the full suite an async test's timer or continuation waited
// for a free thread for up to ~80 s, and in-process deadlines (a worker's webhook timeout) fired
// for want of a thread, not for anything the code under test did.
//
// Here, before any test starts, the runtime's global-executor hooks send every job to dispatch's
// overcommit queue instead, which adds a thread when all of its threads are busy or blocked. As
// the pool no longer holds the suite back, Swift Testing is asked to run at most four tests a core
// at once (SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH, unless set): all 700 at once overload
// two cores until the tests that follow the wall clock (a countdown a second) fall behind it.
// Only the test binary links this file: `herald` and the benchmarks run on the standard executor,
// as does the test binary with HERALD_STANDARD_EXECUTOR=1 in its environment.
#include "HeraldTestExecutor.h"

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#if defined(__linux__) && __has_attribute(swiftcall)
#define SWIFTCC __attribute__((swiftcall))

typedef struct Job Job;
/// `SerialExecutorRef` of the Swift runtime; all zero is the generic (global) executor.
typedef struct {
  void *identity;
  uintptr_t implementation;
} SerialExecutorRef;

typedef void *dispatch_queue_t;
typedef uint64_t dispatch_time_t;
extern dispatch_queue_t dispatch_get_global_queue(intptr_t identifier, uintptr_t flags);
extern void dispatch_async_f(dispatch_queue_t queue, void *context, void (*work)(void *));
extern void dispatch_after_f(dispatch_time_t when, dispatch_queue_t queue, void *context, void (*work)(void *));
extern dispatch_time_t dispatch_time(dispatch_time_t when, int64_t delta);
/// libdispatch's flag for a root queue that is not limited to one thread per core.
#define DISPATCH_QUEUE_OVERCOMMIT 0x2ull

extern SWIFTCC void swift_job_run(Job *job, SerialExecutorRef executor);
extern SWIFTCC void swift_get_time(long long *seconds, long long *nanoseconds, int clock);

typedef SWIFTCC void (*EnqueueOriginal)(Job *job);
typedef SWIFTCC void (*DelayOriginal)(unsigned long long delay, Job *job);
typedef SWIFTCC void (*DeadlineOriginal)(
    long long seconds, long long nanoseconds, long long toleranceSeconds, long long toleranceNanoseconds,
    int clock, Job *job);
extern SWIFTCC void (*swift_task_enqueueGlobal_hook)(Job *, EnqueueOriginal);
extern SWIFTCC void (*swift_task_enqueueGlobalWithDelay_hook)(unsigned long long, Job *, DelayOriginal);
extern SWIFTCC void (*swift_task_enqueueGlobalWithDeadline_hook)(
    long long, long long, long long, long long, int, Job *, DeadlineOriginal);

static dispatch_queue_t pool;

static void run(void *job) {
  SerialExecutorRef generic = {NULL, 0};
  swift_job_run((Job *)job, generic);
}

static SWIFTCC void enqueue(Job *job, EnqueueOriginal original) {
  (void)original;
  dispatch_async_f(pool, job, run);
}

static SWIFTCC void enqueueWithDelay(unsigned long long nanoseconds, Job *job, DelayOriginal original) {
  (void)original;
  dispatch_after_f(dispatch_time(0, (int64_t)nanoseconds), pool, job, run);
}

/// A deadline on one of Swift's clocks, as a delay from now on the same clock.
static SWIFTCC void enqueueWithDeadline(
    long long seconds, long long nanoseconds, long long toleranceSeconds, long long toleranceNanoseconds,
    int clock, Job *job, DeadlineOriginal original) {
  (void)original;
  (void)toleranceSeconds;
  (void)toleranceNanoseconds;
  long long nowSeconds = 0, nowNanoseconds = 0;
  swift_get_time(&nowSeconds, &nowNanoseconds, clock);
  long long delay = (seconds - nowSeconds) * 1000000000LL + (nanoseconds - nowNanoseconds);
  dispatch_after_f(dispatch_time(0, delay > 0 ? delay : 0), pool, job, run);
}

__attribute__((constructor)) static void install(void) {
  if (getenv("HERALD_STANDARD_EXECUTOR") != NULL) return;
  char width[16];
  snprintf(width, sizeof width, "%ld", 4 * sysconf(_SC_NPROCESSORS_ONLN));
  setenv("SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH", width, 0);
  pool = dispatch_get_global_queue(0, DISPATCH_QUEUE_OVERCOMMIT);
  if (pool == NULL) return;
  swift_task_enqueueGlobal_hook = enqueue;
  swift_task_enqueueGlobalWithDelay_hook = enqueueWithDelay;
  swift_task_enqueueGlobalWithDeadline_hook = enqueueWithDeadline;
}

int herald_test_executor_is_wide(void) { return pool != NULL && swift_task_enqueueGlobal_hook == enqueue; }

#else
int herald_test_executor_is_wide(void) { return 0; }
#endif
