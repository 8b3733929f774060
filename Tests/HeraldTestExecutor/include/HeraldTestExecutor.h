#ifndef HERALD_TEST_EXECUTOR_H
#define HERALD_TEST_EXECUTOR_H

/// 1 once the test process's Swift concurrency jobs run on a pool that grows as its threads
/// block (see HeraldTestExecutor.c), 0 where it could not be installed.
int herald_test_executor_is_wide(void);

#endif
