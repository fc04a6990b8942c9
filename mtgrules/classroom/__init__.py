"""Classroom delivery: the lessons as a static handout site and as a projector presentation.

This layer comes after ``lessons``: it reads the lesson notebooks, runs their cells, and turns
what they display into pages that need no kernel (``handouts``) or into a notebook Voila shows
on a projector (``present``). It changes neither the views nor the widgets; it only reads them.
"""
