#!/usr/bin/env python3
"""show-mail.py FILE...: print mail messages readably (headers that matter
and the decoded text body), for the demo."""
import email
import email.policy
import sys

for path in sys.argv[1:]:
    with open(path, 'rb') as f:
        msg = email.message_from_binary_file(f, policy=email.policy.default)
    print('-' * 76)
    for h in ('From', 'To', 'Subject'):
        print('%s: %s' % (h, msg[h]))
    print()
    body = msg.get_body(preferencelist=('plain',))
    print(body.get_content().rstrip() if body is not None else '(no text)')
