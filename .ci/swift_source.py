"""Reading Swift source the way the CI checks of Apple platforms need it.

Shared by .ci/check-apple-apis.sh and .ci/check-privacy-manifests.sh: the text of a file with its
comments and the text of its string literals blanked (line numbers kept; the code inside a string's
interpolation is read), and `#if` conditions evaluated in three-valued logic, each script deciding
the atoms (`os(iOS)`, `canImport(UIKit)`) for the systems it cares about.
"""
import re


def strip(text):
    out = []
    i = 0
    n = len(text)
    stack = [("code", 0)]

    def blank(s):
        return "".join(c if c == "\n" else " " for c in s)

    while i < n:
        top = stack[-1]
        c = text[i]
        if top[0] == "code":
            if text.startswith("//", i):
                end = text.find("\n", i)
                end = n if end < 0 else end
                out.append(blank(text[i:end]))
                i = end
                continue
            if text.startswith("/*", i):
                depth = 0
                j = i
                while j < n:
                    if text.startswith("/*", j):
                        depth += 1
                        j += 2
                    elif text.startswith("*/", j):
                        depth -= 1
                        j += 2
                        if depth == 0:
                            break
                    else:
                        j += 1
                out.append(blank(text[i:j]))
                i = j
                continue
            m = re.match(r'(#*)("""|")', text[i:i + 64])
            if m and (m.group(1) == "" or c == "#"):
                hashes = len(m.group(1))
                multiline = m.group(2) == '"""'
                out.append(" " * len(m.group(0)))
                i += len(m.group(0))
                stack.append(("string", hashes, multiline))
                continue
            if c == "(" and len(stack) > 1:
                stack[-1] = ("code", top[1] + 1)
            elif c == ")" and len(stack) > 1:
                if top[1] == 0:
                    stack.pop()
                    out.append(" ")
                    i += 1
                    continue
                stack[-1] = ("code", top[1] - 1)
            out.append(c)
            i += 1
            continue
        _, hashes, multiline = top
        close = ('"""' if multiline else '"') + "#" * hashes
        if text.startswith(close, i):
            out.append(" " * len(close))
            i += len(close)
            stack.pop()
            continue
        escape = "\\" + "#" * hashes
        if text.startswith(escape + "(", i):
            out.append(" " * (len(escape) + 1))
            i += len(escape) + 1
            stack.append(("code", 0))
            continue
        if text.startswith(escape, i) and i + len(escape) < n:
            out.append(blank(text[i:i + len(escape) + 1]))
            i += len(escape) + 1
            continue
        out.append("\n" if c == "\n" else " ")
        i += 1
    return "".join(out)


def condition_tokens(condition):
    result = []
    i = 0
    while i < len(condition):
        c = condition[i]
        if c.isspace():
            i += 1
        elif condition.startswith("&&", i) or condition.startswith("||", i):
            result.append(condition[i:i + 2])
            i += 2
        elif c in "!()":
            result.append(c)
            i += 1
        else:
            m = re.match(r"[\w$.]+", condition[i:])
            if not m:
                result.append("?")
                i += 1
                continue
            word = m.group(0)
            j = i + len(word)
            k = j
            while k < len(condition) and condition[k].isspace():
                k += 1
            if k < len(condition) and condition[k] == "(":
                end = condition.find(")", k)
                end = len(condition) - 1 if end < 0 else end
                word += "(" + condition[k + 1:end].strip() + ")"
                j = end + 1
            result.append(word)
            i = j
    return result


def evaluate(condition, atom):
    """An `#if` condition in three-valued logic (True, False, None for undecided), `atom` deciding
    each atom such as `os(iOS)` or `canImport(UIKit)`."""
    items = condition_tokens(condition)
    position = 0

    def peek():
        return items[position] if position < len(items) else None

    def take():
        nonlocal position
        position += 1
        return items[position - 1]

    def either():
        value = both()
        while peek() == "||":
            take()
            right = both()
            value = True if True in (value, right) else (False if value is right is False else None)
        return value

    def both():
        value = unary()
        while peek() == "&&":
            take()
            right = unary()
            value = False if False in (value, right) else (True if value is right is True else None)
        return value

    def unary():
        if peek() == "!":
            take()
            value = unary()
            return None if value is None else not value
        if peek() == "(":
            take()
            value = either()
            if peek() == ")":
                take()
            return value
        return atom(take() if peek() is not None else "?")

    value = either()
    return value if position == len(items) else None


def conjunction(values):
    if False in values:
        return False
    return True if all(v is True for v in values) else None


def negation(value):
    return None if value is None else not value
