#!/usr/bin/env python3
"""A cheese bot in plain Python: it plays a random legal action (standard library only).

It speaks version 2 of the protocol when the referee offers it, else version 1.

Run it against cheese's own bots:  cheese duel "cmd:python3 examples/bots/random_bot.py" greedy
Check that it follows the protocol:  cheese bot check python3 examples/bots/random_bot.py
"""

import json
import random
import sys

PROTOCOL = 2


def send(message):
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def main():
    rng = random.Random(0)
    version = 1
    for line in sys.stdin:
        message = json.loads(line)
        kind = message["type"]
        if kind == "hello":
            print(f"hello: {message['game']} for {message['players']}", file=sys.stderr)
            # A referee of version 1 lists no "protocols": speak 1 then.
            version = PROTOCOL if PROTOCOL in message.get("protocols", []) else 1
            send({"type": "ready", "name": "random_bot.py", "version": "1.0", "protocol": version})
        elif kind == "new_game":
            rng = random.Random(message["seed"])
        elif kind == "act":
            choice = rng.choice(message["legal"])
            reply = {"type": "action", "seq": message["seq"], "action": choice["action"]}
            if version >= 2:
                reply["game_id"] = message["game_id"]
            send(reply)
        elif kind == "ping":
            send({"type": "pong", "seq": message["seq"]})
        elif kind == "quit":
            return


if __name__ == "__main__":
    main()
