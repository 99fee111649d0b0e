#!/usr/bin/env python3
"""A cheese bot in plain Python: it plays a random legal action (standard library only).

Run it against cheese's own bots:  cheese duel "cmd:python3 examples/bots/random_bot.py" greedy
Check that it follows the protocol:  cheese bot check python3 examples/bots/random_bot.py
"""

import json
import random
import sys


def send(message):
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def main():
    rng = random.Random(0)
    for line in sys.stdin:
        message = json.loads(line)
        kind = message["type"]
        if kind == "hello":
            print(f"hello: {message['game']} for {message['players']}", file=sys.stderr)
            send({"type": "ready", "name": "random_bot.py", "version": "1.0"})
        elif kind == "new_game":
            rng = random.Random(message["seed"])
        elif kind == "act":
            choice = rng.choice(message["legal"])
            send({"type": "action", "seq": message["seq"], "action": choice["action"]})
        elif kind == "quit":
            return


if __name__ == "__main__":
    main()
