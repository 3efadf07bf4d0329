#!/usr/bin/env python3
"""Validate every signature and document timestamp of a PDF with pyHanko and print the verdicts as JSON.

    .tmp/pyhanko-venv/bin/python tools/pyhanko/validate.py FILE.pdf [--trust CA.pem ...] [--revisions]

Per signature: field name, kind (/Sig or /DocTimeStamp), signer certificate subject, intact, valid,
trusted, pyHanko's bottom line, coverage, the difference analysis result (ModificationLevel, or the
SuspiciousModification reason), docmdp_ok, and for signatures with a timestamp token its status.
--trust adds trust anchors (PEM or DER; repeatable); without it nothing is trusted and `trusted` is
false, which does not affect the integrity / modification verdicts. Revocation data is read from the
file's DSS only (no network fetching, soft-fail).
--revisions adds, for each revision of the file, what it wrote: new and overwritten objects by kind,
catalog keys added/removed/changed, page count, new form fields, DSS.

Exit status: 0 when every signature's bottom line is true, 1 otherwise, 2 on usage errors.
"""

import argparse
import json
import logging
import sys

from asn1crypto import pem, x509
from pyhanko.pdf_utils import generic
from pyhanko.pdf_utils.reader import PdfFileReader
from pyhanko.sign.diff_analysis import DiffResult, SuspiciousModification
from pyhanko.sign.validation import validate_pdf_signature, validate_pdf_timestamp
from pyhanko_certvalidator import ValidationContext


def load_cert(path):
    with open(path, 'rb') as f:
        data = f.read()
    if pem.detect(data):
        _, _, data = pem.unarmor(data)
    return x509.Certificate.load(data)


def dss_revinfo(reader):
    try:
        from pyhanko.sign.validation.dss import DocumentSecurityStore

        dss = DocumentSecurityStore.read_dss(reader)
    except Exception:  # no DSS
        return [], [], []
    certs = list(dss.load_certs())
    ocsps = [bytes(ref.get_object().data) for ref in dss.ocsps]
    crls = [bytes(ref.get_object().data) for ref in dss.crls]
    return certs, ocsps, crls


def vc_for(trust, certs, ocsps, crls):
    return ValidationContext(
        trust_roots=trust,
        other_certs=certs,
        ocsps=ocsps,
        crls=crls,
        allow_fetching=False,
        revocation_mode='soft-fail',
    )


def name_of(cert):
    return cert.subject.human_friendly if cert is not None else None


def modification(status):
    diff = status.diff_result
    if diff is None:
        return {'level': None if status.modification_level is None else status.modification_level.name, 'suspicious': None}
    if isinstance(diff, DiffResult):
        return {
            'level': diff.modification_level.name,
            'changed_form_fields': sorted(diff.changed_form_fields),
            'suspicious': None,
        }
    return {'level': 'OTHER', 'suspicious': f'{type(diff).__name__}: {diff}'}


def timestamp_info(ts):
    if ts is None:
        return None
    return {
        'time': ts.timestamp.isoformat(),
        'tsa': name_of(ts.signing_cert),
        'intact': ts.intact,
        'valid': ts.valid,
        'trusted': ts.trusted,
    }


def describe_signature(emb, trust, revinfo):
    certs, ocsps, crls = revinfo
    entry = {'field': emb.field_name, 'kind': str(emb.sig_object_type)}
    try:
        cert = emb.signer_cert
        entry['signer'] = name_of(cert)
        entry['issuer'] = cert.issuer.human_friendly
    except Exception as e:  # noqa: BLE001
        entry['signer'] = f'unreadable: {e}'
    try:
        if emb.sig_object_type == '/DocTimeStamp':
            status = validate_pdf_timestamp(emb, validation_context=vc_for(trust, certs, ocsps, crls))
            entry['timestamp'] = status.timestamp.isoformat()
        else:
            status = validate_pdf_signature(
                emb,
                signer_validation_context=vc_for(trust, certs, ocsps, crls),
                ts_validation_context=vc_for(trust, certs, ocsps, crls),
            )
            entry['signature_timestamp'] = timestamp_info(status.timestamp_validity)
            entry['signed_at_claimed'] = emb.self_reported_timestamp.isoformat() if emb.self_reported_timestamp else None
    except Exception as e:  # noqa: BLE001
        entry['error'] = f'{type(e).__name__}: {e}'
        entry['bottom_line'] = False
        return entry
    entry.update(
        {
            'intact': status.intact,
            'valid': status.valid,
            'trusted': status.trusted,
            # A DocumentTimestampStatus has no bottom_line: judged the same way (crypto, trust, modifications).
            'bottom_line': (
                status.bottom_line
                if hasattr(status, 'bottom_line')
                else bool(status.intact and status.valid and status.trusted and status.docmdp_ok is not False)
            ),
            'summary': status.summary(),
            'coverage': status.coverage.name if status.coverage is not None else None,
            'modification': modification(status),
            'docmdp_ok': status.docmdp_ok,
        }
    )
    return entry


def classify(obj):
    if isinstance(obj, generic.StreamObject):
        t = obj.get('/Type')
        st = obj.get('/Subtype')
        return f'stream {t or ""}{"/" + str(st)[1:] if st else ""}'.strip()
    if isinstance(obj, generic.DictionaryObject):
        t = obj.get('/Type')
        if t == '/Annot' or '/Subtype' in obj and obj.get('/Subtype') in ('/Widget', '/Link'):
            ft = obj.get('/FT')
            return f'annot {obj.get("/Subtype")}' + (f' {ft}' if ft else '')
        if '/FT' in obj:
            return f'field {obj.get("/FT")}'
        if '/ByteRange' in obj:
            return f'signature {t or "/Sig"}'
        if '/Fields' in obj:
            return 'AcroForm'
        if '/Producer' in obj or '/Creator' in obj:
            return 'Info'
        if '/OCSPs' in obj or '/Certs' in obj or '/CRLs' in obj or '/VRI' in obj:
            return 'DSS'
        return f'dict {t}' if t else 'dict'
    if isinstance(obj, generic.ArrayObject):
        return 'array'
    return type(obj).__name__


def field_names(resolver):
    try:
        form = resolver.root['/AcroForm']
        return [str(f.get_object().get('/T')) for f in form['/Fields']]
    except Exception:  # noqa: BLE001
        return []


def page_count(resolver):
    try:
        return int(resolver.root['/Pages']['/Count'])
    except Exception:  # noqa: BLE001
        return None


def describe_revisions(reader):
    out = []
    total = reader.xrefs.total_revisions
    prev = None
    for r in range(total):
        hist = reader.get_historical_resolver(r)
        refs = sorted(hist.explicit_refs_in_revision(), key=lambda x: (x.idnum, x.generation))
        added, changed = {}, {}
        for ref in refs:
            try:
                kind = classify(hist(ref))
            except Exception as e:  # noqa: BLE001
                kind = f'unreadable {e}'
            is_new = prev is None or prev.is_ref_unassignable(ref)
            bucket = added if is_new else changed
            bucket.setdefault(kind, []).append(f'{ref.idnum} {ref.generation}')
        root = hist.root
        info = {'revision': r, 'pages': page_count(hist), 'objects_added': added, 'objects_changed': changed}
        fields = field_names(hist)
        if prev is not None:
            old_root = prev.root
            old_keys, new_keys = set(old_root.keys()), set(root.keys())
            info['catalog_keys_added'] = sorted(new_keys - old_keys)
            info['catalog_keys_removed'] = sorted(old_keys - new_keys)
            info['catalog_keys_changed'] = sorted(
                k for k in new_keys & old_keys if repr(old_root.raw_get(k)) != repr(root.raw_get(k))
            )
            old_fields = field_names(prev)
            info['fields_added'] = [f for f in fields if f not in old_fields]
        else:
            info['catalog_keys'] = sorted(root.keys())
            info['fields'] = fields
        info['has_dss'] = '/DSS' in root
        out.append(info)
        prev = hist
    return out


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    parser.add_argument('pdf')
    parser.add_argument('--trust', action='append', default=[], help='trust anchor certificate (PEM/DER)')
    parser.add_argument('--revisions', action='store_true', help='also describe what each revision wrote')
    parser.add_argument('--debug', action='store_true', help="show pyHanko's own log")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.debug else logging.CRITICAL)
    trust = [load_cert(p) for p in args.trust]
    with open(args.pdf, 'rb') as f:
        reader = PdfFileReader(f, strict=False)
        revinfo = dss_revinfo(reader)
        signatures = [describe_signature(emb, trust, revinfo) for emb in reader.embedded_signatures]
        result = {
            'file': args.pdf,
            'revisions': reader.xrefs.total_revisions,
            'signatures': signatures,
        }
        if args.revisions:
            result['revision_changes'] = describe_revisions(reader)
    json.dump(result, sys.stdout, indent=2, ensure_ascii=False, default=str)
    print()
    sys.exit(0 if signatures and all(s.get('bottom_line') for s in signatures) else 1)


if __name__ == '__main__':
    main()
