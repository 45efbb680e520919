"""The chess terms of the translation catalogues, per language, as the national
federations and FIDE's translated handbooks use them.

Data only: ``tests/live/test_glossary.py`` checks every catalogue against it, and
``docs/translations.md`` carries the same table (``python -m live.translation_glossary``
prints it; a test fails when the two differ).

Each term has the English pattern looked for in a msgid and, per language, the word
a reader sees plus the pattern its msgstr must match. The patterns are stems, so a
declined or plural form counts (Russian cases, Italian plurals, German compounds).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

LANGUAGES = ("fr", "de", "es", "it", "ru")


@dataclass(frozen=True)
class Rendering:
    word: str  # as docs/translations.md shows it
    stem: str  # regular expression (case-insensitive) the msgstr must match


@dataclass(frozen=True)
class Term:
    english: str
    pattern: str  # regular expression (case-insensitive) a msgid is matched with
    fr: Rendering
    de: Rendering
    es: Rendering
    it: Rendering
    ru: Rendering

    def rendering(self, language: str) -> Rendering:
        rendering: Rendering = getattr(self, language)
        return rendering

    def in_msgid(self, msgid: str) -> bool:
        return re.search(self.pattern, words(msgid), re.IGNORECASE) is not None

    def in_msgstr(self, language: str, msgstr: str) -> bool:
        return re.search(self.rendering(language).stem, msgstr, re.IGNORECASE) is not None


R = Rendering


def words(msgid: str) -> str:
    """The msgid a reader sees: no placeholder, no code sample, no tag."""
    msgid = re.sub(r"<code>.*?</code>", " ", msgid)
    return re.sub(r"%\(\w+\)[-+ #0-9.]*[sdfr]|<[^>]*>", " ", msgid)


# Russian stems: a word boundary that knows Cyrillic (\b does, in Python's re).
TERMS = (
    Term(
        "round",
        r"\brounds?\b(?![- ]robin)",
        R("ronde", r"ronde|\bR\d|\bRde\b"),
        R("Runde", r"runde|\bRd\b"),
        R("ronda", r"ronda|\bRd\b"),
        R("turno", r"\bturn[oi]\b|\bT\b"),
        R("тур", r"\bтур(а|е|у|ы|ов|ам|ами|ах|ом)?\b"),
    ),
    Term(
        "pairing",
        r"\bpair(ing|ings|ed)\b|\bpair\b",
        R("appariement", r"appari"),
        R("Paarung / Auslosung", r"paar|auslos|ausgelost|\blosen\b|startnummer|setzliste"),
        R("emparejamiento", r"emparej"),
        R("abbinamento", r"abbin"),
        R("жеребьёвка", r"жеребь[её]вк|в пар|пар[аыуе]\b|пар\b|стартов\w* номер"),
    ),
    Term(
        "bye",
        r"\bbyes?\b",
        R("exempt", r"exempt"),
        R("spielfrei / Freilos", r"spielfrei|freilos"),
        R("descanso", r"descans"),
        R("turno di riposo", r"ripos"),
        R("пропуск тура", r"пропуск|свобод"),
    ),
    Term(
        "pairing-allocated bye",
        r"pairing-allocated bye",
        R("exempt (par l’appariement)", r"exempt.*appariement"),
        R("Freilos der Auslosung", r"(spielfrei|freilos).*(paarung|auslosung)"),
        R("descanso por emparejamiento", r"descans.*emparej"),
        R("riposo da abbinamento", r"ripos.*abbinament"),
        R("пропуск по жеребьёвке", r"пропуск.*жеребь[её]вк"),
    ),
    Term(
        "half-point bye",
        r"half-point bye|bye ½",
        R("exempt à ½ point", r"exempt.*(½|demi)"),
        R("Halbpunkt-Freilos", r"(spielfrei|freilos).*(½|halb)|halbpunkt-(spielfrei|freilos)"),
        R("descanso de ½ punto", r"descans.*(½|medio)"),
        R("riposo da ½ punto", r"ripos.*(½|mezzo)"),
        R("пропуск с ½ очка", r"пропуск.*(½|пол)"),
    ),
    Term(
        "zero-point bye",
        r"zero-point bye|bye 0",
        R("exempt à 0 point", r"exempt.*(0|zéro)"),
        R("Nullpunkt-Freilos", r"(spielfrei|freilos).*0|nullpunkt-(spielfrei|freilos)"),
        R("descanso de 0 puntos", r"descans.*(0|cero)"),
        R("riposo da 0 punti", r"ripos.*(0|zero)"),
        R("пропуск с 0 очков", r"пропуск.*(0|нол|нул|без оч)"),
    ),
    Term(
        "forfeit",
        r"\bforfeit(s|ed)?\b",
        R("forfait", r"forfait"),
        R("kampflos", r"kampflos"),
        R("incomparecencia", r"incomparecenc"),
        R("forfait", r"forfait"),
        R("неявка", r"неявк|без игры"),
    ),
    Term(
        "withdrawal",
        r"\bwithdr[ae]w(n|al|als|s)?\b|\bwithdraw(ing)?\b",
        R("retrait / retiré", r"retir|retrait"),
        R("zurückgezogen / Rückzug", r"zurückgez|rückz[uü]g|zurückzieh"),
        R("retirado / retirada", r"retir"),
        R("ritirato / ritiro", r"ritir"),
        R("выбыл / снят", r"выб[ыи]|сня"),
    ),
    Term(
        "tie-break",
        r"\btie-?breaks?\b",
        R("départage", r"départag"),
        R("Feinwertung", r"feinwertung"),
        R("desempate", r"desempat"),
        R("spareggio", r"spareggi"),
        R("дополнительный показатель", r"дополнительн\w* показател"),
    ),
    Term(
        "Buchholz Cut-1",
        r"\bcut-?1\b",
        R("Buchholz tronqué 1", r"tronqué 1"),
        R("Buchholz Streichwertung 1", r"streichwertung 1"),
        R("Buchholz menos 1", r"menos 1"),
        R("Buchholz meno 1", r"meno 1"),
        R("Бухгольц без 1", r"без 1"),
    ),
    Term(
        "Sonneborn-Berger",
        r"sonneborn",
        R("Sonneborn-Berger", r"sonneborn-berger"),
        R("Sonneborn-Berger", r"sonneborn-berger"),
        R("Sonneborn-Berger", r"sonneborn-berger"),
        R("Sonneborn-Berger", r"sonneborn-berger"),
        R("Зоннеборн-Бергер", r"зоннеборн"),
    ),
    Term(
        "direct encounter",
        r"direct encounter",
        R("confrontation directe", r"confrontation directe"),
        R("direkter Vergleich", r"direkte\w* vergleich"),
        R("encuentro directo", r"encuentro directo"),
        R("scontro diretto", r"scontr\w* dirett"),
        R("личная встреча", r"личн\w* встреч"),
    ),
    Term(
        "standings",
        r"\bstandings\b",
        R("classement", r"classement"),
        R("Tabelle / Stand", r"tabelle|stand\b|endstand"),
        R("clasificación", r"clasificaci"),
        R("classifica", r"classific"),
        R("положение", r"положени"),
    ),
    Term(
        "crosstable",
        r"\bcrosstables?\b",
        R("grille (américaine)", r"grille"),
        R("Kreuztabelle", r"kreuztabelle"),
        R("tabla cruzada", r"tablas? cruzadas?"),
        R("tabellone", r"tabellon"),
        R("турнирная таблица", r"таблиц"),
    ),
    Term(
        "board",
        r"\bboards?\b",
        R("échiquier", r"échiquier|\béch\b"),
        R("Brett", r"brett|\bBr\b"),
        R("tablero", r"tablero|\btab\b"),
        R("scacchiera", r"scacchier|\bsc\b"),
        R("доска", r"\bдоск|\bдосок|\bД\b"),
    ),
    Term(
        "match (of two teams)",
        r"\bmatch(es)?\b(?! points)",
        R("match", r"match"),
        R("Mannschaftskampf / Kampf", r"k[äa]mpf(?!los)"),
        R("encuentro", r"encuentro"),
        R("incontro", r"incontr"),
        R("матч", r"матч"),
    ),
    Term(
        "team",
        r"\bteams?\b",
        R("équipe", r"équipe"),
        R("Mannschaft", r"mannschaft"),
        R("equipo", r"equipo"),
        R("squadra", r"squadr"),
        R("команда", r"команд"),
    ),
    Term(
        "line-up",
        r"\bline-?ups?\b",
        R("composition d’équipe", r"composition"),
        R("Aufstellung", r"aufstell|aufgestellt"),
        R("alineación", r"alinea"),
        R("formazione", r"formazion"),
        R("состав", r"состав"),
    ),
    Term(
        "captain",
        r"\bcaptains?\b",
        R("capitaine", r"capitaine"),
        R("Mannschaftsführer", r"mannschaftsführer"),
        R("capitán", r"capit[áa]n"),
        R("capitano", r"capitan"),
        R("капитан", r"капитан"),
    ),
    Term(
        "reserve",
        r"\breserves?\b",
        R("remplaçant", r"remplaçant"),
        R("Ersatzspieler", r"ersatz"),
        R("suplente / reserva", r"suplente|reserva"),
        R("riserva", r"riserv"),
        R("запасной", r"запасн"),
    ),
    Term(
        "match points",
        r"\bmatch points\b",
        R("points de match", r"points de match"),
        R("Mannschaftspunkte", r"mannschaftspunkt"),
        R("puntos de encuentro", r"puntos de encuentro"),
        R("punti squadra", r"punti squadra"),
        R("командные очки", r"командн\w* оч"),
    ),
    Term(
        "game points",
        r"\bgame points\b",
        R("points de partie", r"points de partie"),
        R("Brettpunkte", r"brettpunkt"),
        R("puntos de partida", r"puntos de partida"),
        R("punti partita", r"punti partita"),
        R("индивидуальные очки", r"индивидуальн\w* оч"),
    ),
    Term(
        "game",
        r"\bgames?\b(?! points)",
        R("partie", r"parties?\b"),
        R("Partie", r"partie"),
        R("partida", r"partida"),
        R("partita", r"partit[ae]"),
        R("партия", r"парти[яиюей]"),
    ),
    Term(
        "arbiter",
        r"\barbiters?\b",
        R("arbitre", r"arbitre"),
        R("Schiedsrichter", r"schiedsrichter"),
        R("árbitro", r"árbitr"),
        R("arbitro", r"arbitr"),
        R("судья", r"суд(ья|ьи|ье|ью|ей|ьям|ьями|ьях)\b"),
    ),
    Term(
        "organiser",
        r"\borganis(er|ers)\b",
        R("organisateur", r"organisat"),
        R("Veranstalter", r"veranstalter"),
        R("organizador", r"organizador"),
        R("organizzatore", r"organizzator"),
        R("организатор", r"организатор"),
    ),
    Term(
        "correction",
        r"\bcorrections?\b",
        R("correction", r"correction"),
        R("Korrektur", r"korrektur"),
        R("corrección", r"correcci"),
        R("correzione", r"correzion"),
        R("исправление", r"исправлен"),
    ),
    Term(
        "result",
        r"\bresults?\b",
        R("résultat", r"résultat"),
        R("Ergebnis", r"ergebnis"),
        R("resultado", r"resultado"),
        R("risultato", r"risultat"),
        R("результат", r"результат"),
    ),
    Term(
        "draw",
        r"\bdraws?\b|\bdrawn\b",
        R("nulle", r"\bnulles?\b"),
        R("Remis", r"remis"),
        R("tablas", r"tablas"),
        R("patta", r"patt[ae]"),
        R("ничья", r"нич(ья|ьей|ью|ьи|ейн)"),
    ),
    Term(
        "White",
        r"\bwhite\b",
        R("les Blancs", r"blancs?\b"),
        R("Weiß", r"weiß"),
        R("blancas", r"blancas"),
        R("il Bianco", r"bianc"),
        R("белые", r"\bбел"),
    ),
    Term(
        "Black",
        r"\bblack\b",
        R("les Noirs", r"noirs?\b"),
        R("Schwarz", r"schwarz"),
        R("negras", r"negras"),
        R("il Nero", r"\bner[oi]\b"),
        R("чёрные", r"ч[её]рн"),
    ),
    Term(
        "rating",
        r"\brat(ing|ings|ed)\b(?<!performance rating)",
        R("Elo", r"elo"),
        R("Elo / Wertung", r"elo|wertung|gewertet"),
        R("Elo / valoración", r"elo|valora"),
        R("Elo", r"elo"),
        R("рейтинг", r"рейтинг"),
    ),
    Term(
        "federation",
        r"\bfederations?\b",
        R("fédération", r"fédération"),
        R("Verband", r"verband"),
        R("federación", r"federaci"),
        R("federazione", r"federazion"),
        R("федерация", r"федерац"),
    ),
    Term(
        "check-in",
        r"\bcheck(-| )in\b|\bchecked in\b",
        R("pointage", r"point(age|é|er)"),
        R("Anwesenheit", r"anwesen"),
        R("registro de presencia", r"presen|registr"),
        R("appello / presenza", r"appell|presen"),
        R("регистрация на тур", r"регистр|отмет"),
    ),
    Term(
        "late entry",
        r"\blate (entry|entries|entrant|entrants)\b",
        R("inscription tardive", r"tardi|en retard"),
        R("Nachmeldung", r"nachmeld|nachgemeldet"),
        R("inscripción tardía", r"tard"),
        R("iscrizione tardiva", r"tardiv|in ritardo"),
        R("поздняя регистрация / опоздавший", r"поздн|опозд"),
    ),
    Term(
        "prize",
        r"\bprizes?\b",
        R("prix", r"\bprix\b"),
        R("Preis", r"preis"),
        R("premio", r"premi"),
        R("premio", r"premi"),
        R("приз", r"приз"),
    ),
    Term(
        "round robin",
        r"\bround[- ]robin\b",
        R("toutes rondes", r"toutes rondes"),
        R("Rundenturnier", r"rundenturnier"),
        R("todos contra todos", r"todos contra todos"),
        R("girone all’italiana", r"all[’']italiana"),
        R("круговая система", r"кругов"),
    ),
    Term(
        "Swiss",
        r"\bswiss\b",
        R("système suisse", r"suisse"),
        R("Schweizer System", r"schweizer"),
        R("sistema suizo", r"suizo"),
        R("sistema svizzero", r"svizzer"),
        R("швейцарская система", r"швейцарск"),
    ),
    Term(
        "performance",
        r"\bperformance\b",
        R("performance", r"performance"),
        R("Turnierleistung / Leistung", r"leistung"),
        R("rendimiento", r"rendimiento"),
        R("performance", r"performance"),
        R("перфоманс", r"перфоманс"),
    ),
    Term(
        "time control",
        r"\btime controls?\b",
        R("cadence", r"cadence"),
        R("Bedenkzeit", r"bedenkzeit"),
        R("ritmo de juego", r"ritmo"),
        R("cadenza", r"cadenz"),
        R("контроль времени", r"контрол\w* времени"),
    ),
)

# (language, English term, the msgid or its beginning): where the glossary's word
# would be wrong, each with the reason, so that a reviewer can judge it. "*" is every
# language.
EXCEPTIONS: dict[tuple[str, str, str], str] = {
    ("*", "match (of two teams)", "No event matches."): "the verb, not a team match",
    ("*", "tie-break", "The prize list as PRIZES.json"): "the file's values stay in English",
    ("*", "federation", "The prize list as PRIZES.json"): "the file's keys stay in English",
    ("*", "rating", "Paste rows copied from a spreadsheet"): "the column names stay English",
    ("*", "match (of two teams)", "This value does not match"): "the verb, not a team match",
    ("*", "rating", 'applies to the line-up order "rating"'): "the value as the body sends it",
    ("*", "rating", 'Send either "method": "rating"'): "the body's values stay as sent",
    ("*", "team", 'Send either "method": "rating"'): "the body's values stay as sent",
    ("*", "round", "a team event is paired as matches (team-rounds)"): "the address's name",
    ("*", "round", "give as_of or round, not both"): "the query parameters' names",
    ("fr", "prize", "%(stage)s: prize winners"): "a prize winner is a lauréat",
    ("fr", "prize", "No prize winners yet."): "a prize winner is a lauréat",
    ("fr", "correction", "Save correction"): "a phone button; its form is the correction",
    ("ru", "correction", "Save correction"): "a phone button; its form is the correction",
    ("*", "draw", "Match points (won - drawn - lost match)"): "a drawn match, not a drawn game",
}


def excepted(language: str, term: Term, msgid: str) -> bool:
    return any(
        key in (language, "*") and english == term.english and msgid.startswith(beginning)
        for (key, english, beginning) in EXCEPTIONS
    )


# The reader is addressed formally (vous, Sie, usted, Lei, вы): a msgstr with one of
# these familiar forms speaks to the reader as tu / du / tú / ты.
INFORMAL = {
    "fr": r"\b(tu|toi|ton|ta|tes)\b",
    "de": r"\b(du|dich|dir|dein\w*)\b",
    "es": r"\b(tú|tienes|puedes|elige|introduce|pulsa)\b",
    "it": r"\b(tu|te|tuo|tua|tuoi|tue|ti|hai|puoi|scegli|usa|inserisci|riprova|attendi"
    r"|chiedine|importane|controllala|abbinalo)\b",
    "ru": r"\b(ты|тебя|тебе|тобой|твой|твоя|твоё|твои|твоего|твоей)\b",
}


# Where each word is used: a national federation's or FIDE's translated text, or a
# tournament's regulations written in that language. Keys as docs/translations.md
# lists them; "?" marks a word no source at hand confirms, for a native reviewer to
# settle first; "general" a word of the ordinary language.
SOURCES: dict[str, tuple[str, str]] = {
    "fr-1": (
        "FFE, Direction Nationale de l’Arbitrage: Livre de l’Arbitre (appariement, toutes "
        "rondes, système suisse, départages, arbitre)",
        "http://docplayer.fr/2941844-Federation-francaise-des-echecs.html",
    ),
    "fr-2": (
        "Ligue d’Île-de-France des Échecs: règlement du Critérium (équipes, forfaits, "
        "toutes rondes)",
        "https://yumpu.com/fr/document/view/34386096/reglement-criterium-ligue-idf-des-echecs",
    ),
    "fr-3": (
        "FFE, DNA: Bulletin des Arbitres Fédéraux n° 98, « Départages »",
        "https://fr.readkong.com/page/b-a-f-federation-francaise-des-checs-4864488",
    ),
    "de-1": (
        "Deutschlandturnier 2018, Turnierbestimmungen (Runden, Schweizer System, "
        "Paarungsermittlung, Buchholz-Wertung, Feinwertung, Sonneborn-Berger, Bedenkzeit, "
        "Schiedsrichter)",
        "http://deutschlandturnier2018.de/turnierbstimmungen-01.html",
    ),
    "de-2": (
        "mattzug.de, Wertungen (Brettpunkte, Mannschaften, Remis)",
        "https://mattzug.de/dokumen/wertung.htm",
    ),
    "de-3": (
        "freechess.de, Liga-Turnierordnung (Ersatzspieler, nachgemeldet, Aufstellung)",
        "https://www.freechess.de/turnier/regeln-liga1.htm",
    ),
    "de-4": (
        "ChessBase: „Stand nach 9 Runden“, Remisrunde",
        "https://de.chessbase.com/post/hoher-besuch-bei-russischer-meisterschaft",
    ),
    "de-5": (
        "SC Rehberge, Regeln und Begriffe (Elo, Buchholz-Wertung, Rundenturnier, Schweizer System)",
        "http://www.sc-rehberge.de/regeln.html",
    ),
    "es-1": (
        "FEDA, Comité Técnico de Árbitros: Manual del Árbitro (traducción del Arbiters’ "
        "Manual de la FIDE)",
        "https://docslib.org/doc/11629111/arbiters-manual-en-espa%C3%B1ol-2015-1",
    ),
    "es-2": (
        "FIDE C.05, Reglamento General de Competiciones (árbitro principal, organizador, "
        "desempate)",
        "https://es.scribd.com/document/683981891/C-05-reglamento-de-torneos-fide-2022-web",
    ),
    "es-3": (
        "Leyes del Ajedrez de la FIDE 6.7, tiempo de incomparecencia",
        "https://ajedrezfm.es/comienzo-de-la-partida",
    ),
    "es-4": (
        "Desempate Buchholz y oponente virtual (ronda, descanso, incomparecencia)",
        "https://arbitrojarocho.blogspot.com/2014/10/como-calcular-la-puntuacion-del.html",
    ),
    "es-5": (
        "FIDE B.02, Reglamento del Sistema de Valoración (valoración, árbitro principal)",
        "https://es.scribd.com/document/540930310/B02Sp2017",
    ),
    "it-1": (
        "FIDE, Regolamento per lo spareggio tecnico, testo bilingue (spareggio, scontro "
        "diretto, punti squadra, punti partita, forfait, turno, Sistema Koya)",
        "https://123dok.org/article/turno-torneo-nove-turni-avversario-giocatore-p-presenta.zx531m5w",
    ),
    "it-2": (
        "FSI, seminario arbitrale: Sistema Svizzero FIDE (abbinamento, Bye assegnato "
        "dall’abbinamento)",
        "https://it.scribd.com/document/584916833/Un-Esempio-Svizzero-FIDE-24-Novembre-2021-versione-2",
    ),
    "it-3": (
        "Scacchitalia (FSI): spareggio tecnico, arbitro, classifica, organizzatore",
        "https://www.yumpu.com/it/document/view/16308669/scacchitalia-federazione-scacchistica-italiana/69",
    ),
    "it-4": (
        "Regolamento degli scacchi FIDE in italiano (partita, patta, scacchiera)",
        "https://123dok.org/article/conclusione-partita-regole-fide-scacchi-gennaio.q057v17v",
    ),
    "ru-1": (
        "Минспорт России: Правила вида спорта «шахматы» (приказ № 988 от 29.12.2020): "
        "«арбитр» равнозначен «спортивный судья»",
        "https://pravo.ppt.ru/pravila/246420",
    ),
    "ru-2": (
        "«Положение после 9 туров из 9», круговая система, контроль времени",
        "https://sport.rambler.ru/chess/49362964-nepomnyaschiy-zanyal-3-e-mesto-na-turnire-po-fisherovskim-shahmatam-v-sent-luise-svidler-8-y-pobedil-firudzha",
    ),
    "ru-3": (
        "Швейцарская система: жеребьёвка, туры, пары, круговая система",
        "https://vlgfedchess.ru/shveicarskaya-sistema-provedeniya-turnirov-shveicarskaya-sistema-sorevnovanii.html",
    ),
}

DEFAULT_SOURCE = {"fr": "fr-1", "de": "de-1", "es": "es-1", "it": "it-1", "ru": "ru-1"}

# (language, English term) -> source key, where it is not the language's default.
SOURCE_OF: dict[tuple[str, str], str] = {
    ("fr", "forfeit"): "fr-2",
    ("fr", "team"): "fr-2",
    ("fr", "match (of two teams)"): "fr-2",
    ("fr", "tie-break"): "fr-3",
    ("fr", "Buchholz Cut-1"): "fr-3",
    ("fr", "Sonneborn-Berger"): "fr-3",
    ("fr", "direct encounter"): "fr-3",
    ("fr", "bye"): "?",
    ("fr", "pairing-allocated bye"): "?",
    ("fr", "half-point bye"): "?",
    ("fr", "zero-point bye"): "?",
    ("fr", "check-in"): "?",
    ("fr", "late entry"): "?",
    ("fr", "crosstable"): "?",
    ("de", "standings"): "de-4",
    ("de", "draw"): "de-4",
    ("de", "board"): "de-2",
    ("de", "game points"): "de-2",
    ("de", "match points"): "de-2",
    ("de", "team"): "de-2",
    ("de", "reserve"): "de-3",
    ("de", "line-up"): "de-3",
    ("de", "late entry"): "de-3",
    ("de", "rating"): "de-5",
    ("de", "round robin"): "de-5",
    ("de", "captain"): "?",
    ("de", "bye"): "?",
    ("de", "pairing-allocated bye"): "?",
    ("de", "half-point bye"): "?",
    ("de", "zero-point bye"): "?",
    ("de", "check-in"): "?",
    ("de", "crosstable"): "?",
    ("de", "forfeit"): "?",
    ("es", "forfeit"): "es-3",
    ("es", "tie-break"): "es-2",
    ("es", "organiser"): "es-2",
    ("es", "bye"): "es-4",
    ("es", "rating"): "es-5",
    ("es", "performance"): "?",
    ("es", "crosstable"): "?",
    ("es", "check-in"): "?",
    ("es", "late entry"): "?",
    ("es", "line-up"): "?",
    ("es", "match points"): "?",
    ("es", "pairing-allocated bye"): "?",
    ("es", "half-point bye"): "?",
    ("es", "zero-point bye"): "?",
    ("it", "pairing"): "it-2",
    ("it", "pairing-allocated bye"): "it-2",
    ("it", "Swiss"): "it-2",
    ("it", "standings"): "it-3",
    ("it", "arbiter"): "it-3",
    ("it", "organiser"): "it-3",
    ("it", "draw"): "it-4",
    ("it", "board"): "it-4",
    ("it", "game"): "it-4",
    ("it", "White"): "it-4",
    ("it", "Black"): "it-4",
    ("it", "bye"): "?",
    ("it", "half-point bye"): "?",
    ("it", "zero-point bye"): "?",
    ("it", "check-in"): "?",
    ("it", "crosstable"): "?",
    ("it", "line-up"): "?",
    ("ru", "standings"): "ru-2",
    ("ru", "time control"): "ru-2",
    ("ru", "round"): "ru-3",
    ("ru", "pairing"): "ru-3",
    ("ru", "Swiss"): "ru-3",
    ("ru", "round robin"): "ru-3",
    ("ru", "bye"): "?",
    ("ru", "pairing-allocated bye"): "?",
    ("ru", "half-point bye"): "?",
    ("ru", "zero-point bye"): "?",
    ("ru", "tie-break"): "?",
    ("ru", "check-in"): "?",
    ("ru", "performance"): "?",
    ("ru", "Buchholz Cut-1"): "?",
    ("de", "withdrawal"): "?",
    ("de", "Buchholz Cut-1"): "?",
    ("de", "direct encounter"): "?",
    ("de", "match (of two teams)"): "?",
    ("de", "White"): "?",
    ("de", "Black"): "?",
    ("de", "game"): "?",
    ("de", "performance"): "?",
    ("de", "federation"): "?",
    ("de", "organiser"): "?",
    ("it", "captain"): "?",
    ("it", "reserve"): "?",
    ("it", "rating"): "?",
    ("it", "federation"): "?",
    ("it", "late entry"): "?",
    ("it", "withdrawal"): "?",
    ("it", "performance"): "?",
    ("it", "Buchholz Cut-1"): "?",
    ("it", "time control"): "?",
    ("it", "prize"): "?",
    ("it", "round robin"): "?",
    ("fr", "withdrawal"): "?",
    ("fr", "line-up"): "?",
    ("fr", "reserve"): "?",
    ("fr", "captain"): "?",
    ("fr", "match points"): "?",
    ("fr", "game points"): "?",
}

# Words of the ordinary language, with no chess-specific choice to source.
GENERAL = {"result", "correction", "prize"}


def source(language: str, term: Term) -> str:
    if term.english in GENERAL:
        return "general"
    return SOURCE_OF.get((language, term.english), DEFAULT_SOURCE[language])


def table() -> str:
    """The glossary as the Markdown table docs/translations.md carries."""
    lines = [
        "| English | French | German | Spanish | Italian | Russian |",
        "|---|---|---|---|---|---|",
    ]
    for term in TERMS:
        cells = " | ".join(
            f"{term.rendering(language).word} ({source(language, term)})" for language in LANGUAGES
        )
        lines.append(f"| {term.english} | {cells} |")
    return "\n".join(lines) + "\n"


def sources() -> str:
    """The list of sources docs/translations.md carries."""
    return "".join(f"- **{key}**: {title}. <{url}>\n" for key, (title, url) in SOURCES.items())


if __name__ == "__main__":
    print(table())
    print(sources(), end="")
