"""Ratings from the duplicate deals pairs of levels played: each pair's Elo-like difference, the fit of every
pair with one level held as the anchor, and how surely the fit knows each rating.

A pair's score is the share of deals the first level won, one half deal added
to each side so that a clean sweep stays finite: p = (wins + ties/2 + 1/2) /
(deals + 1), read as 400·log10(p / (1 - p)). Standard library only, like the
rest of the engine; `engine.strength.calibration` measures the pairs.
"""

import math

ANCHOR_LEVEL = "simple"
ANCHOR_RATING = 1500.0
SCALE = 400.0


def rating_difference(record):
    """The first level's rating less the second's, from a pair's tally."""
    score = (record["wins"] + record["ties"] / 2 + 0.5) / (record["deals"] + 1)
    return SCALE * math.log10(score / (1 - score))


def fit_ratings(levels, records, anchor=ANCHOR_LEVEL, anchor_rating=ANCHOR_RATING):
    """{level: rating}: the least-squares fit of every pair's rating difference, `anchor` held fixed. Each pair
    weighs its deals: a close pair played on more deals is measured that much more surely than a clear one
    left at the first deals."""
    free, matrix, target = normal_equations(levels, records, anchor, anchor_rating)
    ratings = dict(zip(free, solve(matrix, target)), **{anchor: anchor_rating})
    return {level: round(ratings[level], 1) for level in levels}


def rating_uncertainties(levels, records, anchor=ANCHOR_LEVEL):
    """{level: the standard error of its fitted rating} (0 for the anchor, fixed by definition): each pair's
    difference varies as its deals' results do (`difference_variance`), and the fit passes that on."""
    free, matrix, _ = normal_equations(levels, records, anchor, ANCHOR_RATING)
    index = {level: number for number, level in enumerate(free)}
    size = len(free)
    inverse_columns = [solve(matrix, [float(row == column) for row in range(size)]) for column in range(size)]
    spread = [[0.0] * size for _ in range(size)]   # sum over pairs of deals^2 * var(d) * x x^T
    for record in records:
        signs = {index[level]: sign for level, sign in ((record["a"], 1), (record["b"], -1)) if level in index}
        scale = record["deals"] ** 2 * difference_variance(record)
        for row, row_sign in signs.items():
            for column, column_sign in signs.items():
                spread[row][column] += scale * row_sign * column_sign
    errors = {anchor: 0.0}
    for level, number in index.items():
        column = inverse_columns[number]
        errors[level] = math.sqrt(sum(column[row] * spread[row][other] * column[other]
                                      for row in range(size) for other in range(size)))
    return {level: round(errors[level], 1) for level in levels}


def difference_variance(record):
    """The variance of a pair's rating difference: its deals' results (won 1, tied 1/2, lost 0), with the
    half deal added to each side counted as one tie, through the slope of 400·log10(p / (1 - p))."""
    deals = record["deals"] + 1
    ties = record["ties"] + 1
    score = (record["wins"] + ties / 2) / deals
    variance = ((record["wins"] + ties / 4) / deals - score ** 2) / deals
    slope = SCALE / (math.log(10) * score * (1 - score))
    return slope ** 2 * variance


def normal_equations(levels, records, anchor, anchor_rating):
    """(the levels other than `anchor`, and the normal equations' matrix and right side over them) of the sum
    over pairs of deals · (r_a − r_b − d)², with r_anchor a constant."""
    free = [level for level in levels if level != anchor]
    index = {level: number for number, level in enumerate(free)}
    matrix = [[0.0] * len(free) for _ in free]
    target = [0.0] * len(free)
    for record in records:
        difference = rating_difference(record)
        weight = record["deals"]
        for level, sign in ((record["a"], 1), (record["b"], -1)):
            if level not in index:
                continue
            row = index[level]
            matrix[row][row] += weight
            other = record["b"] if sign == 1 else record["a"]
            if other in index:
                matrix[row][index[other]] -= weight
            else:
                target[row] += weight * anchor_rating
            target[row] += weight * sign * difference
    return free, matrix, target


def solve(matrix, target):
    """The solution of a small linear system by Gaussian elimination with partial pivoting."""
    size = len(target)
    rows = [list(row) + [value] for row, value in zip(matrix, target)]
    for column in range(size):
        pivot = max(range(column, size), key=lambda row: abs(rows[row][column]))
        if abs(rows[pivot][column]) < 1e-12:
            raise ValueError("the pairs played do not link every level to the anchor")
        rows[column], rows[pivot] = rows[pivot], rows[column]
        for row in range(size):
            if row != column:
                factor = rows[row][column] / rows[column][column]
                rows[row] = [value - factor * lead for value, lead in zip(rows[row], rows[column])]
    return [rows[row][size] / rows[row][row] for row in range(size)]
