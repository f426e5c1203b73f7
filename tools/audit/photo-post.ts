// The site the audit builds is a copy of the project with one post more, whose
// featured picture is a phone photo: a generated 4000 × 3000 JPEG of several
// megabytes, as an editor would drop in. The real posts have drawings, so without
// it no gate would judge a page with a photo (issue 13). It lives only in the
// copy, which goes when the audit ends.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { copyProject } from '../../tests/helpers/project-copy.ts';
import { syntheticPhoto } from '../bench/photo.ts';

/** The post's route in the audited build. */
export const PHOTO_POST_ROUTE = '/blog/audit-a-post-with-a-phone-photo';

const PHOTO = '/images/blog/IMG_2041 Heated Floor.JPG';

const POST = `---
template: post
title: "A Post With a Phone Photo, Added by the Audit"
excerpt: >-
  The audit adds this post to its copy of the site so that every quality gate judges a page
  whose featured picture is a full-size phone photo.
featuredImage: ${PHOTO}
featuredImageAlt: A heated floor mat rolled out on a bathroom subfloor before the tile goes down
category: Residential
publishDate: "2020-01-01"
author: The audit
seoTitle: "A Post With a Phone Photo (audit)"
metaDescription: "A post the quality audit adds to its copy of the site, with a 4000 by 3000 phone photo as its featured picture, to judge such a page."
---

Heated floors are one of the most requested bathroom upgrades. The mat goes down on the
subfloor, the tile goes over it, and a thermostat on the wall runs it.

## What the circuit needs

A heated floor needs a dedicated circuit with ground fault protection, sized for the mat.
Most bathroom mats draw well under a full circuit, but the thermostat and the mat must be
rated for each other, and the work needs a permit.

![The thermostat of a heated floor on a bathroom wall](<${PHOTO}>)

## Before the tile goes down

We test the mat's resistance before and after the tile setter lays it, so a nick in a cable
is found while it can still be fixed.
`;

/** A copy of the project at `root` with the photo post added; the caller removes it. */
export async function projectWithPhotoPost(): Promise<string> {
  const copy = await copyProject('audit');
  await writeFile(join(copy, 'static', PHOTO), await syntheticPhoto());
  await writeFile(join(copy, 'pages/blog', `${PHOTO_POST_ROUTE.split('/').pop()}.md`), POST);
  return copy;
}
