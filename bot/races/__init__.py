"""Races: members solve the same fresh puzzle at once; see service.py."""
