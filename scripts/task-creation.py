#!/usr/bin/env python3
"""Task creation through the API, end to end: POST /api/v1/tasks over kept-alive HTTP/1.1.

usage: task-creation.py BASE STORED TOKEN...

With each token's user holding STORED tasks (created here first, by one client per token, without
ids: Herald numbers them t1, t2, …), times 200 creations one at a time for the first token, with an
id of their own and then 200 without (Herald makes up the one after the largest numbered), and
prints the p50 and p99 of each. Every answer but 201
fails the run. (Many at once: wrk, from scripts/task-creation.sh; a Python client would be the
bottleneck.)
"""
import http.client
import json
import sys
import threading
import time
import urllib.parse

base, stored, tokens = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
address = urllib.parse.urlparse(base)
start = time.time()


def connect():
    return http.client.HTTPConnection(address.hostname, address.port, timeout=30)


def create(connection, token, name, index):
    due = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(start + 3600 + index * 61))
    task = {"title": f"Task {index}", "due": due}
    if name is not None:
        task["id"] = f"{name}{index}"
    body = json.dumps(task)
    headers = {"Authorization": "Bearer " + token, "Content-Type": "application/json"}
    connection.request("POST", "/api/v1/tasks", body, headers)
    answer = connection.getresponse()
    answer.read()
    if answer.status != 201:
        raise SystemExit(f"POST /api/v1/tasks answered {answer.status}")


def at_once(count, name, clients):
    failures = []

    def client(k):
        try:
            connection = connect()
            for index in range(k, count, clients):
                create(connection, tokens[k % len(tokens)], name, index)
        except BaseException as error:  # reported below: a thread's exception is otherwise lost
            failures.append(error)

    threads = [threading.Thread(target=client, args=(k,)) for k in range(clients)]
    began = time.monotonic()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    if failures:
        raise SystemExit(f"error: {failures[0]}")
    return count / (time.monotonic() - began)


at_once(stored * len(tokens), None, len(tokens))
connection = connect()
for name, kind in (("one-", "with its id"), (None, "without an id")):
    latencies = []
    for index in range(200):
        began = time.monotonic()
        create(connection, tokens[0], name, index)
        latencies.append((time.monotonic() - began) * 1000)
    latencies.sort()
    print(f"{stored} stored: p50 {latencies[99]:.2f} ms, p99 {latencies[197]:.2f} ms one at a time, {kind}")
