"""tf2lint's own comments: suppressions that suppress nothing (ruff's RUF100).

The engine reports this rule's findings itself, after every other rule has run: only then is it
known which suppression matched a finding. The rule holds the metadata, as every rule does.
"""

from __future__ import annotations

from tf2lint.linting.rule import SUPPRESSION_CATEGORY, Rule


class UnusedSuppression(Rule):
    id = "TF000"
    name = "unused-suppression"
    category = SUPPRESSION_CATEGORY
    severity = "warning"
    message = "a suppression comment names an id that matches no finding, or no rule at all"
    rationale = """
        A suppression that silences nothing hides nothing today, but it will hide the next
        real finding on that line, and an id that names no rule (`disable=TF9999`, a typo of
        `TF999`, `# noqa: TF2001`) silences nothing while the author believes it does. By
        default this rule reports the ids that name no rule id, id prefix, name or category;
        with `report-unused-suppressions = true` (`--report-unused-suppressions`) also the ids
        of enabled rules that found nothing there, and those naming only rules that are not
        enabled (ruff's RUF100). Other tools' `# noqa` codes (`E501`) are theirs and never
        reported; a bare `# noqa` may serve another tool and is never reported either.
    """
    fix_applicability = "safe"
    fix_safety = (
        "Safe: it edits only the comment, taking out the ids that name no rule or matched no "
        "finding (the whole comment when none is left, and no more than the directive when the "
        "comment holds something else too); ids of rules that are not enabled stay, as they may "
        "serve another configuration. Comments do not change what the code does."
    )
    reports_suppressions = True
