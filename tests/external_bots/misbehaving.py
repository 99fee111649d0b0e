"""A bot that breaks the protocol in the way its first argument names (docs/contributing.md).

With ``v2`` among its other arguments it speaks version 2 of the protocol (its ``ready``
says so, its actions name their game, it answers ``ping``), else version 1.
"""

import json
import os
import subprocess
import sys
import time

MODE = sys.argv[1] if len(sys.argv) > 1 else "good"
VERSION = 2 if "v2" in sys.argv[2:] else 1


def send(message):
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def leave_a_daemon():
    """Start a child that leaves the bot's session (and group) and sleeps: what a bot's
    server or helper might do. Its command line is the bot's, marker included."""
    if os.fork() == 0:
        os.setsid()
        devnull = os.open(os.devnull, os.O_RDWR)
        for descriptor in (0, 1, 2):
            os.dup2(devnull, descriptor)
        time.sleep(600)
        os._exit(0)


def answer(message, action):
    reply = {"type": "action", "seq": message["seq"], "action": action}
    if VERSION == 2:
        reply["game_id"] = message["game_id"]
    return reply


def main():
    acts = 0
    games = 0
    for line in sys.stdin:
        message = json.loads(line)
        kind = message["type"]
        if kind == "hello":
            print(f"hello settings={json.dumps(message['settings'])}", file=sys.stderr)
            if MODE == "setsid-child":
                leave_a_daemon()
            if MODE == "stall":
                time.sleep(60)
            if MODE == "meet":
                # Ready only once every bot of the table has been started: a referee that
                # waits for each bot's ready before starting the next never gets one.
                meeting, seats = message["settings"]["meet"], message["settings"]["seats"]
                open(os.path.join(meeting, str(os.getpid())), "w").close()
                waited = time.monotonic()
                while len(os.listdir(meeting)) < seats:
                    if time.monotonic() - waited > 20:
                        sys.exit(3)
                    time.sleep(0.01)
            if MODE == "flood":
                sys.stderr.write(("x" * 1023 + "\n") * 4096)
                sys.stderr.flush()
            if MODE == "flood-100":
                block = ("z" * 1023 + "\n") * 1024
                began = time.monotonic()
                for _ in range(100):
                    sys.stderr.write(block)
                sys.stderr.flush()
                took = time.monotonic() - began
                print(f"flooded 100 MiB in {took:.2f} s: {100 / took:.1f} MiB/s", file=sys.stderr)
            ready = {"type": "ready", "name": f"misbehaving {MODE}", "version": "1"}
            if VERSION == 2:
                ready["protocol"] = 2
            if MODE == "future":
                ready["protocol"] = 7
            if MODE == "declares":
                ready["options"] = [{"name": "depth", "type": "int", "default": 3, "max": 9}]
            send(ready)
        elif kind == "act":
            acts += 1
            reply = answer(message, message["legal"][0]["action"])
            if MODE == "broken-pipe":
                os.close(0)
                os.close(1)
                time.sleep(60)
            elif MODE == "long-line":
                sys.stdout.write("[" + " " * (2 * 2**20) + "]\n")
                sys.stdout.flush()
                continue
            elif MODE == "deep":  # well under the line limit, too deep for a recursive parser
                sys.stdout.write("[" * 100_000 + "]" * 100_000 + "\n")
                sys.stdout.flush()
                continue
            elif MODE == "illegal":
                reply["action"] = 999999
            elif MODE == "wrong-seq":
                reply["seq"] += 1
            elif MODE == "not-json":
                sys.stdout.write("e2e4\n")
                sys.stdout.flush()
                continue
            elif MODE == "slow" and acts == 2:
                time.sleep(30)
            elif MODE == "flood":
                sys.stderr.write(("y" * 1023 + "\n") * 4096)
                sys.stderr.flush()
            elif MODE == "exit" and acts == 3:
                sys.exit(3)
            elif MODE == "orphan-exit" and acts == 1:
                # A child that inherits stdout keeps the pipe open after the bot is gone.
                subprocess.Popen(["sleep", "30"])
                os._exit(3)
            elif MODE == "stale" and games == 1 and acts == 1:
                # An illegal answer, and with it (one write) a well-formed answer that
                # stays in the pipe into the next game.
                bad = dict(reply, action=999999)
                sys.stdout.write(json.dumps(bad) + "\n" + json.dumps(reply) + "\n")
                sys.stdout.flush()
                continue
            send(reply)
            if MODE == "early":
                # The same answer again, a moment later: before or after the next act.
                time.sleep(0.02)
                send(reply)
        elif kind == "ping":
            if MODE != "no-pong":
                send({"type": "pong", "seq": message["seq"]})
        elif kind == "new_game":
            games += 1
            seed = message["seed"]
            # The seed in decimal is the seed (a referee of before seed_text sends none).
            assert int(message.get("seed_text", seed)) == seed
            print(f"new_game pid={os.getpid()} seed={seed}", file=sys.stderr)
        elif kind == "game_over":
            print(f"game_over places={message['places']}", file=sys.stderr)
        elif kind == "quit":
            return


if __name__ == "__main__":
    main()
