"""The command line: parse input, call the library, print. Never decides a rule."""
