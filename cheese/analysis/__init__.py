"""Analysis of a recorded game: each move of one seat against the best move found.

``analyse_record`` measures the moves (``analyse.py``); ``marks.py`` says which drops are
inaccuracies, mistakes or blunders; ``file.py`` is the file saved beside a record.
"""

from __future__ import annotations

from cheese.analysis.analyse import (
    DEFAULT_CANDIDATES,
    DEFAULT_SAMPLES,
    Settings,
    analyse_record,
    decisions_of,
)
from cheese.analysis.file import (
    AnalysisFile,
    DecisionAnalysis,
    Summary,
    Thresholds,
    analysis_path,
    encode_analysis,
    load_analysis,
    read_analysis_file,
    save_analysis,
)
from cheese.analysis.marks import THRESHOLDS, mark_of

__all__ = [
    "DEFAULT_CANDIDATES",
    "DEFAULT_SAMPLES",
    "THRESHOLDS",
    "AnalysisFile",
    "DecisionAnalysis",
    "Settings",
    "Summary",
    "Thresholds",
    "analyse_record",
    "analysis_path",
    "decisions_of",
    "encode_analysis",
    "load_analysis",
    "mark_of",
    "read_analysis_file",
    "save_analysis",
]
