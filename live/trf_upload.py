"""The organiser's page for importing a tournament from a TRF file.

The same import as ``POST /api/tournaments/import/`` and ``manage.py import_trf``
(``tournaments.store.trf_import``): the whole file or nothing, refusals naming the
line and column.  What the file held but the import did not use (issue #8: declared
points that disagree, ...) comes back as warnings, which the API answer and the
command print; here they are messages shown on this page after the redirect, so a
reload does not import the file a second time.
"""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils.text import format_lazy
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tiebreaks.errors import TrfError
from tiebreaks.messages import text_of
from tiebreaks.standings import DEFAULT_RULES, RULES
from tiebreaks.trf import decode
from tournaments.store.writes import ImportedTournament, import_trf, translated

AS_THE_FILE_SAYS = format_lazy(gettext_lazy("as the file says, else {rules}"), rules=DEFAULT_RULES)


class TrfImportForm(forms.Form):
    file = forms.FileField(label=gettext_lazy("TRF file"))
    rules = forms.ChoiceField(
        label=gettext_lazy("Tie-break rules (C.07 edition)"),
        choices=[("", AS_THE_FILE_SAYS)] + [(r, r) for r in RULES],
        required=False,
    )


@login_required
def import_page(request: HttpRequest) -> HttpResponse:
    if request.method != "POST":
        return render(request, "live/import.html", {"form": TrfImportForm()})
    form = TrfImportForm(request.POST, request.FILES)
    assert request.user.is_authenticated  # login_required
    if form.is_valid():
        try:
            imported = import_trf(
                decode(form.cleaned_data["file"].read()),
                author=request.user,
                rules=form.cleaned_data["rules"] or None,
            )
        except TrfError as exc:
            form.add_error("file", translated(text_of(exc)))
        else:
            _report(request, imported)
            return HttpResponseRedirect(reverse("live:import"))
    return render(request, "live/import.html", {"form": form}, status=400)


def _report(request: HttpRequest, imported: ImportedTournament) -> None:
    messages.success(
        request,
        _("Imported %(name)s: %(players)s players, %(rounds)s rounds paired.")
        % {"name": imported.name, "players": imported.players, "rounds": imported.rounds_paired},
        extra_tags=str(imported.id),
    )
    for warning in imported.warnings:
        messages.warning(request, translated(warning))
