"""Offline tools for the learned value of issue 31: self-play data, training, Gate 1.

`generate.py` (standard library only) plays seeded self-play games in resumable chunks;
`dataset.py` replays them into features and labels; `train.py` fits the models (numpy, a
dev dependency); `gate.py` compares a model with Hard's playout value on held-out games.
"""
