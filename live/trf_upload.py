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

from tiebreaks.errors import TrfError
from tiebreaks.standings import DEFAULT_RULES, RULES
from tiebreaks.trf import decode
from tournaments.store.writes import ImportedTournament, import_trf


class TrfImportForm(forms.Form):
    file = forms.FileField(label="TRF file")
    rules = forms.ChoiceField(
        label="Tie-break rules (C.07 edition)",
        choices=[("", f"as the file says, else {DEFAULT_RULES}")] + [(r, r) for r in RULES],
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
            form.add_error("file", str(exc))
        else:
            _report(request, imported)
            return HttpResponseRedirect(reverse("live:import"))
    return render(request, "live/import.html", {"form": form}, status=400)


def _report(request: HttpRequest, imported: ImportedTournament) -> None:
    messages.success(
        request,
        f"Imported {imported.name}: {imported.players} players, "
        f"{imported.rounds_paired} rounds paired.",
        extra_tags=str(imported.id),
    )
    for warning in imported.warnings:
        messages.warning(request, warning)
