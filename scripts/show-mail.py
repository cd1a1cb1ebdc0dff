#!/usr/bin/env python3
"""show-mail.py FILE...: print mail messages readably (headers that matter
and the decoded text body), for the demo.  An attachment (the SVG map of
a report) is named with its type and decoded size, never dumped."""
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
    for part in msg.iter_attachments():
        data = part.get_payload(decode=True) or b''
        print()
        print('[Attachment: %s (%s, %d bytes)]' % (
            part.get_filename() or 'unnamed', part.get_content_type(),
            len(data)))
