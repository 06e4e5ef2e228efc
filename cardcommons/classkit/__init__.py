"""The class kit: student notebooks with auto-checked exercises, and an autograder for teachers.

``make student`` pairs each lesson's exercises with its solutions
(:mod:`cardcommons.classkit.exercises`), turns them into otter assign notebooks
(:mod:`cardcommons.classkit.assign`); ``python -m cardcommons.classkit grade`` scores
returned notebooks (:mod:`cardcommons.classkit.grade`). Needs the ``class`` extra (otter-grader).
"""
