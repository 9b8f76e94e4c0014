"""Record facts: phrases in the answer checked against JSON record values (records.py)."""

import json

import pytest

from spacy_ground.checks.records import check_record_facts, is_negated, load_terms, lookup, truth

RECORD = {
    "name": "Finch & Fork",
    "attributes": {
        "BusinessParking": {"garage": False, "street": True, "validated": False, "lot": False, "valet": False},
        "RestaurantsReservations": True,
        "OutdoorSeating": False,
        "WiFi": "free",
        "Music": None,
        "Ambience": {"romantic": False, "casual": True},
    },
    "review_info": [{"review_text": "We loved the live music and the delivery was quick."}],
}


@pytest.mark.parametrize(
    "value,expected",
    [
        (True, True),
        (False, False),
        (None, None),
        ("free", True),
        ("no", False),
        ("u'free'", True),
        ("None", False),
        ("paid", True),
        ("whatever", None),
        (0, False),
        (2, True),
        ({"a": False, "b": True}, True),
        ({"a": False, "b": False}, False),
        ({"a": None}, None),
        ({}, None),
    ],
)
def test_truth(value, expected):
    assert truth(value) == expected


@pytest.mark.parametrize(
    "path,found,value",
    [
        ("attributes.OutdoorSeating", True, False),
        ("attributes.outdoorseating", True, False),  # keys match case-insensitively
        ("attributes.BusinessParking.street", True, True),
        ("attributes.Music", True, None),
        ("attributes.RestaurantsDelivery", False, None),
        ("OutdoorSeating", False, None),  # a bare key is not searched for at depth
    ],
)
def test_lookup(path, found, value):
    assert lookup(RECORD, path) == (found, value)


def test_lookup_drops_the_first_key_for_flat_records():
    assert lookup({"WiFi": "no"}, "attributes.WiFi") == (True, "no")


@pytest.mark.parametrize(
    "text,term,negated",
    [
        ("It offers outdoor seating.", "outdoor seating", False),
        ("It does not offer outdoor seating.", "outdoor seating", True),
        ("There is no WiFi.", "WiFi", True),
        ("Reservations are not accepted.", "Reservations", True),
        ("It has no TV, but offers outdoor seating.", "outdoor seating", False),  # the negation is in the other clause
        ("Without reservations, expect a wait.", "reservations", True),
        ("Valet services are not provided.", "Valet", True),  # a word or two between the term and its negation
        ("Street parking is not available.", "Street parking", True),
        ("Valet parking makes it easy, and it is not far.", "Valet", False),
        ("Valet services are not expensive.", "Valet", False),  # only a verb that denies the thing itself
        ("Valet services are not offered.", "Valet", True),
    ],
)
def test_negation(text, term, negated):
    start = text.index(term)
    assert is_negated(text, start, start + len(term)) is negated


@pytest.mark.parametrize(
    "answer,expected",
    [
        ("Guests can enjoy outdoor seating.", [("outdoor seating", "yes", "conflict")]),
        ("There is no outdoor seating.", [("outdoor seating", "no", "grounded")]),
        ("It offers free Wi-Fi.", [("Wi-Fi", "yes", "grounded")]),
        ("It does not have WiFi.", [("WiFi", "no", "conflict")]),
        (
            "It takes reservations and has street parking.",
            [("reservations", "yes", "grounded"), ("street parking", "yes", "grounded")],
        ),
        ("Valet parking is available.", [("Valet parking", "yes", "conflict")]),
        ("It has a romantic atmosphere.", [("romantic", "yes", "conflict")]),
        ("A casual spot.", [("casual", "yes", "grounded")]),
        ("It has a hipster vibe.", [("hipster", "yes", "unsupported")]),  # the record has no Ambience.hipster
        ("It has live music.", [("live music", "yes", "grounded")]),  # ...but a review mentions it
        ("Orders can be placed online.", []),
        # parking kinds named by where one parks
        ("Customers can park on the street.", [("on the street", "yes", "grounded")]),
        (
            "Customers can park on-site in a lot or on the street.",
            [("in a lot", "yes", "conflict"), ("on the street", "yes", "grounded")],
        ),
        (
            "Parking is available in a lot but not on the street.",
            [("Parking", "yes", "grounded"), ("in a lot", "yes", "conflict"), ("on the street", "no", "conflict")],
        ),
        ("They have improved in a lot of ways.", []),
        # ... only where the sentence speaks of parking
        ("Some reviewers mentioned homeless people on the street.", []),
        ("The restaurant is located on the street corner.", []),
        ("The restaurant is in a lot shared with other shops.", []),
    ],
)
def test_check_record_facts(answer, expected):
    facts = check_record_facts(answer, [json.dumps(RECORD)])
    assert [(f["text"], f["claim"], f["status"]) for f in facts] == expected
    for f in facts:
        assert answer[f["start"] : f["end"]] == f["text"]
        json.dumps(f)  # plain data
        if f["status"] != "grounded":
            assert f["path"] in f["reason"]


def test_only_records_are_checked():
    assert check_record_facts("It offers outdoor seating.", ["The cafe has no seating outside."]) == []
    assert check_record_facts("", [json.dumps(RECORD)]) == []
    assert check_record_facts("It offers outdoor seating.", ["{not json"]) == []


def test_odd_record_values_stay_plain_data():
    import datetime

    facts = check_record_facts("It has WiFi.", [{"attributes": {"WiFi": datetime.date(2024, 1, 1)}}])
    assert facts[0]["status"] == "unsupported" and facts[0]["value"] == "2024-01-01"
    json.dumps(facts)


def test_custom_term_table(tmp_path):
    table = tmp_path / "terms.json"
    table.write_text(json.dumps({"amenities.pool": ["swimming pool", "pool"]}))
    load_terms.cache_clear()
    facts = check_record_facts("The hotel has a pool.", [{"amenities": {"pool": False}}], str(table))
    assert [(f["text"], f["status"]) for f in facts] == [("pool", "conflict")]


FULL = {"attributes": {"OutdoorSeating": True, "WiFi": "free", "RestaurantsReservations": True}}


@pytest.mark.parametrize(
    "answer,expected",
    [
        # a negation belongs to its own fact, not to its neighbours
        (
            "It has outdoor seating and free WiFi, no reservations needed.",
            [("outdoor seating", "yes"), ("WiFi", "yes"), ("reservations", "no")],
        ),
        ("It has outdoor seating and no WiFi.", [("outdoor seating", "yes"), ("WiFi", "no")]),
        ("The owner, who is not local, offers outdoor seating.", [("outdoor seating", "yes")]),
        # contractions, straight and curly
        ("The restaurant doesn’t offer WiFi.", [("WiFi", "no")]),
        ("It didn't have WiFi.", [("WiFi", "no")]),
        ("WiFi isn't available.", [("WiFi", "no")]),
        ("It is rated 4.5 stars and has outdoor seating.", [("outdoor seating", "yes")]),
        # one negation covers the list it opens with "or" (and commas)
        ("They do not offer outdoor seating or WiFi.", [("outdoor seating", "no"), ("WiFi", "no")]),
        (
            "It does not offer WiFi, outdoor seating, or reservations.",
            [("WiFi", "no"), ("outdoor seating", "no"), ("reservations", "no")],
        ),
        ("It does not offer WiFi, but has outdoor seating.", [("WiFi", "no"), ("outdoor seating", "yes")]),
        ("There is no WiFi, garden, lounge, or outdoor seating.", [("WiFi", "no"), ("outdoor seating", "no")]),
        ("No WiFi, great food, and outdoor seating.", [("WiFi", "no"), ("outdoor seating", "yes")]),
        # a bare comma carries a negation only inside a list that goes on to "or"
        ("No reservations, outdoor seating available.", [("reservations", "no"), ("outdoor seating", "yes")]),
        ("There is no WiFi, outdoor seating is available though.", [("WiFi", "no"), ("outdoor seating", "yes")]),
        (
            "It has no reservations or WiFi, outdoor seating is available.",
            [("reservations", "no"), ("WiFi", "no"), ("outdoor seating", "yes")],
        ),
        ("No WiFi and outdoor seating is available.", [("WiFi", "no"), ("outdoor seating", "yes")]),
    ],
)
def test_negation_stays_with_its_fact(answer, expected):
    facts = check_record_facts(answer, [json.dumps(FULL)])
    assert [(f["text"], f["claim"]) for f in facts] == expected


def test_clause_does_not_start_at_a_decimal_point():
    answer = "It is rated 4.5 stars and has outdoor seating."
    (fact,) = check_record_facts(answer, [json.dumps(FULL)])
    assert answer[fact["clause"][0] : fact["clause"][1]].strip() == "has outdoor seating"


def test_a_negated_claim_is_not_grounded_by_a_review_mentioning_it():
    rec = {"attributes": {}, "reviews": ["Great live music every night."]}
    (fact,) = check_record_facts("There is no live music.", [json.dumps(rec)])
    assert fact["status"] == "unsupported"


def test_odd_values_keep_reasons_plain():
    facts = check_record_facts(
        "It has WiFi and outdoor seating.", ['{"attributes": {"WiFi": NaN, "OutdoorSeating": "fr\\udce9e"}}']
    )
    record = json.dumps(facts, allow_nan=False)
    record.encode("utf8")  # no lone surrogate left
    assert [f["status"] for f in facts] == ["unsupported", "unsupported"]


ARRAY = [
    {"name": "Finch & Fork", "attributes": {"OutdoorSeating": False, "WiFi": "free"}},
    {"name": "Pike Place", "attributes": {"OutdoorSeating": True}},
    "a stray string",
    3,
]


@pytest.mark.parametrize(
    "sources, answer, expected",
    [
        # an array of one record is checked like the record itself
        ([json.dumps(ARRAY[:1])], "It offers outdoor seating.", [("outdoor seating", "conflict")]),
        ([ARRAY[:1]], "It has free WiFi.", [("WiFi", "grounded")]),
        # several records: one that agrees grounds the fact; a conflict needs every record with the path to disagree
        ([json.dumps(ARRAY)], "It offers outdoor seating.", [("outdoor seating", "grounded")]),
        ([json.dumps(ARRAY)], "It has no WiFi.", [("WiFi", "conflict")]),
        ([ARRAY[0], ARRAY[1]], "There is no outdoor seating.", [("outdoor seating", "grounded")]),
        ([json.dumps(ARRAY[2:])], "It offers outdoor seating.", []),  # no objects in the array
        (["[not json"], "It offers outdoor seating.", []),
    ],
)
def test_arrays_and_several_records(sources, answer, expected):
    facts = check_record_facts(answer, sources)
    assert [(f["text"], f["status"]) for f in facts] == expected
    json.dumps(facts)


LISTS = {
    "attributes": {
        "BusinessParking": {"garage": False, "street": True, "validated": False, "lot": True, "valet": False},
        "WiFi": "no",
        "RestaurantsReservations": False,
        "RestaurantsTakeOut": False,
        "OutdoorSeating": True,
        "Ambience": {"trendy": False, "upscale": False, "divey": True},
    }
}
VALET_ONLY = {
    "attributes": {
        "BusinessParking": {"garage": False, "street": False, "validated": False, "lot": False, "valet": True}
    }
}
LOT_ONLY = {
    "attributes": {
        "BusinessParking": {"garage": False, "street": False, "validated": False, "lot": True, "valet": False}
    }
}
GARAGE_ONLY = {
    "attributes": {
        "BusinessParking": {"garage": True, "street": False, "validated": False, "lot": False, "valet": False}
    }
}
NOTHING = {
    "attributes": {"OutdoorSeating": False, "WiFi": "no", "RestaurantsTakeOut": False, "RestaurantsReservations": False}
}
NOTHING_ALL = {
    "attributes": {
        "BusinessParking": {"validated": False},
        "WiFi": "no",
        "RestaurantsTakeOut": False,
        "RestaurantsReservations": False,
    }
}
NOTHING_PARKING = {
    "attributes": {
        "BusinessParking": {"garage": False, "street": False, "validated": False, "lot": False, "valet": False}
    }
}
WIFI_ONLY = {"attributes": {"WiFi": "free", "RestaurantsReservations": False}}
STREET_ONLY = {
    "attributes": {
        "BusinessParking": {"garage": False, "street": True, "validated": False, "lot": False, "valet": False}
    }
}


@pytest.mark.parametrize(
    "record, answer, expected",
    [
        # a verb's negation before a list whose first item is no term
        (
            LISTS,
            "It offers lot parking but does not provide street, garage, validated, or valet parking options.",
            [
                ("lot parking", "yes", "grounded"),
                ("garage", "no", "grounded"),
                ("validated", "no", "grounded"),
                ("valet parking", "no", "grounded"),
            ],
        ),
        # a verb's negation over a list of three that ends in ", and"; a head noun after an item
        (
            LISTS,
            "It has outdoor seating, does not offer parking validation, WiFi services, and reservations.",
            [
                ("outdoor seating", "yes", "grounded"),
                ("parking validation", "no", "grounded"),
                ("WiFi", "no", "grounded"),
                ("reservations", "no", "grounded"),
            ],
        ),
        # ...but not the determiner "no", nor ", and" joining two clauses
        (
            LISTS,
            "No WiFi, great food, and outdoor seating.",
            [("WiFi", "no", "grounded"), ("outdoor seating", "yes", "grounded")],
        ),
        (
            LISTS,
            "It does not have WiFi, and outdoor seating is available.",
            [("WiFi", "no", "grounded"), ("outdoor seating", "yes", "grounded")],
        ),
        # backwards from a plural verb after the list; over "or" from a singular one
        (
            LISTS,
            "Lot parking is available, but garage, street, and valet parking are not.",
            [("Lot parking", "yes", "grounded"), ("garage", "no", "grounded"), ("valet parking", "no", "grounded")],
        ),
        (
            LISTS,
            "WiFi, takeout, and outdoor seating are not available.",
            [("WiFi", "no", "grounded"), ("takeout", "no", "grounded"), ("outdoor seating", "no", "conflict")],
        ),
        (LISTS, "WiFi or takeout is not available.", [("WiFi", "no", "grounded"), ("takeout", "no", "grounded")]),
        (
            LISTS,
            "It has lot parking, while valet and garage parking options are not available.",
            [("lot parking", "yes", "grounded"), ("valet", "no", "grounded"), ("garage parking", "no", "grounded")],
        ),
        (LISTS, "WiFi and takeout are not available.", [("WiFi", "no", "grounded"), ("takeout", "no", "grounded")]),
        (
            LISTS,
            "Unfortunately, WiFi and takeout are not available.",
            [("WiFi", "no", "grounded"), ("takeout", "no", "grounded")],
        ),
        (
            LISTS,
            "It has lot parking, and valet and validated parking are not available.",
            [("lot parking", "yes", "grounded"), ("valet", "no", "grounded"), ("validated parking", "no", "grounded")],
        ),
        (
            LISTS,
            "Additionally, WiFi and takeout are not available.",
            [("WiFi", "no", "grounded"), ("takeout", "no", "grounded")],
        ),
        (
            LISTS,
            "Street, garage, and valet parking are not available.",
            [("garage", "no", "grounded"), ("valet parking", "no", "grounded")],
        ),
        # a verb before the list takes its first items
        (
            LISTS,
            "They have a TV, WiFi, takeout, and delivery, and reservations are not accepted.",
            [("WiFi", "yes", "conflict"), ("takeout", "yes", "conflict"), ("reservations", "no", "grounded")],
        ),
        (
            LISTS,
            "Apart from the patio, WiFi and takeout are not available.",
            [("patio", "yes", "grounded"), ("WiFi", "no", "grounded"), ("takeout", "no", "grounded")],
        ),
        (
            LISTS,
            "Aside from the patio, takeout, WiFi, and reservations are not available.",
            [
                ("patio", "yes", "grounded"),
                ("takeout", "no", "grounded"),
                ("WiFi", "no", "grounded"),
                ("reservations", "no", "grounded"),
            ],
        ),
        (
            LISTS,
            "They offer takeout and outdoor seating, and reservations are not accepted.",
            [
                ("takeout", "yes", "conflict"),
                ("outdoor seating", "yes", "grounded"),
                ("reservations", "no", "grounded"),
            ],
        ),
        # an aside between commas is no list item, and does not break one
        (
            LISTS,
            "They don't offer takeout, however, or reservations.",
            [("takeout", "no", "grounded"), ("reservations", "no", "grounded")],
        ),
        (
            LISTS,
            "They do not offer WiFi, weekly trivia, or takeout.",
            [("WiFi", "no", "grounded"), ("takeout", "no", "grounded")],
        ),
        (
            LISTS,
            "They don't offer takeout, though, and outdoor seating is available.",
            [("takeout", "no", "grounded"), ("outdoor seating", "yes", "grounded")],
        ),
        # ...but not over "and" joining two clauses
        (
            LISTS,
            "It has outdoor seating and reservations are not accepted.",
            [("outdoor seating", "yes", "grounded"), ("reservations", "no", "grounded")],
        ),
        (
            LISTS,
            "For outdoor seating, reservations are not accepted.",
            [("outdoor seating", "yes", "grounded"), ("reservations", "no", "grounded")],
        ),
        # any word or two after "or"
        (
            LISTS,
            "They don't offer reservations or indoor WiFi.",
            [("reservations", "no", "grounded"), ("WiFi", "no", "grounded")],
        ),
        (
            LISTS,
            "It does not take reservations or offer takeout.",
            [("reservations", "no", "grounded"), ("takeout", "no", "grounded")],
        ),
        # "rather than" denies
        (
            LISTS,
            "It is a divey place rather than trendy or upscale.",
            [("divey", "yes", "grounded"), ("trendy", "no", "grounded"), ("upscale", "no", "grounded")],
        ),
        # "is not" denies the term only when it denies the thing itself
        (LISTS, "The parking lot is not particularly scenic.", [("parking lot", "yes", "grounded")]),
        (LISTS, "It has WiFi, which is not free.", [("WiFi", "yes", "conflict")]),
        (LISTS, "The parking lot is not, in my view, scenic.", [("parking lot", "yes", "grounded")]),
        # hedges state nothing
        (LISTS, "Reservations are not required, but they are recommended.", []),
        (LISTS, "I am not sure about WiFi.", []),
        (LISTS, "Not sure about parking, but they definitely have WiFi.", [("WiFi", "yes", "conflict")]),
        (LISTS, "I am not sure about WiFi, takeout, or outdoor seating.", []),
        (
            LISTS,
            "I'm not sure about WiFi, takeout, and outdoor seating.",
            [("takeout", "yes", "conflict"), ("outdoor seating", "yes", "grounded")],
        ),
        (
            LISTS,
            "They don't offer WiFi, however, takeout and outdoor seating are available.",
            [("WiFi", "no", "grounded"), ("takeout", "yes", "conflict"), ("outdoor seating", "yes", "grounded")],
        ),
        # a mention followed by its own verb after an aside is the subject of a new clause
        (
            LISTS,
            "It doesn't take reservations and WiFi, however, is free.",
            [("reservations", "no", "grounded"), ("WiFi", "yes", "conflict")],
        ),
        (
            LISTS,
            "It doesn't take reservations and WiFi, which is a pity.",
            [("reservations", "no", "grounded"), ("WiFi", "no", "grounded")],
        ),
        # a heading that denies the list after it on its line
        (LISTS, "**Not available:** WiFi, takeout", [("WiFi", "no", "grounded"), ("takeout", "no", "grounded")]),
        (
            LISTS,
            "- Not offered: reservations or takeout.\n- Available: WiFi",
            [("reservations", "no", "grounded"), ("takeout", "no", "grounded"), ("WiFi", "yes", "conflict")],
        ),
        (
            LISTS,
            "Not available: WiFi. They offer takeout.",
            [("WiFi", "no", "grounded"), ("takeout", "yes", "conflict")],
        ),
        # a word after a phrase on the next line does not change it
        (LISTS, "- Parking: garage\n- Doors open at 5 pm", [("garage", "yes", "conflict")]),
        (LISTS, "Reservations are not currently accepted.", [("Reservations", "no", "grounded")]),
        # a denial of parking says nothing of street parking (record_terms.json, _denial_ignores)
        (STREET_ONLY, "It does not have parking facilities available.", [("parking", "no", "grounded")]),
        (
            STREET_ONLY,
            "It does not have parking garages or valet services.",
            [("parking garages", "no", "grounded"), ("valet", "no", "grounded")],
        ),
        (STREET_ONLY, "There is no street parking.", [("street parking", "no", "conflict")]),
        (LISTS, "There is no parking.", [("parking", "no", "conflict")]),  # the lot
        # a phrase followed by a word that makes it something else (record_terms.json, _not_before)
        (LISTS, "They offer garage door services and garage parking.", [("garage parking", "yes", "conflict")]),
        # ...or preceded by one (_not_after): group bookings are not the reservations attribute
        (LISTS, "It does not allow group reservations or hotel reservations.", []),
        (LISTS, "They accept party reservations for 8 or more.", [("reservations", "yes", "conflict")]),
        (
            LISTS,
            "It does not take group-reservations, and reservations are accepted.",
            [("reservations", "yes", "conflict")],
        ),
        # a denial of parking leaves out the kinds the answer itself affirms
        (
            LISTS,
            "It does not offer parking facilities but does provide valet services.",
            [("parking", "no", "conflict"), ("valet", "yes", "conflict")],
        ),
        (
            VALET_ONLY,
            "It does not offer parking facilities but does provide valet services.",
            [("parking", "no", "grounded"), ("valet", "yes", "grounded")],
        ),
        (VALET_ONLY, "It does not offer parking.", [("parking", "no", "conflict")]),
        # a negation that takes a noun phrase covers "A and B"...
        (
            LISTS,
            "Despite the lack of reservation and take-out services, it is popular.",
            [("reservation", "no", "grounded"), ("take-out", "no", "grounded")],
        ),
        (LISTS, "It works well without WiFi and takeout.", [("WiFi", "no", "grounded"), ("takeout", "no", "grounded")]),
        # ...but not a clause after "and"
        (
            LISTS,
            "It works without WiFi and takeout is available.",
            [("WiFi", "no", "grounded"), ("takeout", "yes", "conflict")],
        ),
        (LISTS, "It has no WiFi and takeout.", [("WiFi", "no", "grounded"), ("takeout", "yes", "conflict")]),
        # "parking is limited" neither states nor denies parking
        (
            STREET_ONLY,
            "Parking options are limited, as there is no garage or valet.",
            [("garage", "no", "grounded"), ("valet", "no", "grounded")],
        ),
        (STREET_ONLY, "Street parking is quite limited.", [("Street parking", "yes", "grounded")]),
        # ...but "limited" says there is some of anything else (_scarce_states_nothing)
        (NOTHING, "Outdoor seating is limited, so arrive early.", [("Outdoor seating", "yes", "conflict")]),
        (NOTHING, "Takeout options are limited.", [("Takeout", "yes", "conflict")]),
        # an affirmed kind leaves a parking denial only when the sentence excepts it
        (
            VALET_ONLY,
            "Other than valet, there is no parking.",
            [("valet", "yes", "grounded"), ("parking", "no", "grounded")],
        ),
        (
            LOT_ONLY,
            "No parking is offered. The nearby parking lot charges $10.",
            [("parking", "no", "conflict"), ("parking lot", "yes", "grounded")],
        ),
        (
            GARAGE_ONLY,
            "Housed in a converted garage, the restaurant offers no parking.",
            [("garage", "yes", "grounded"), ("parking", "no", "conflict")],
        ),
        # a list of attributes: "Label: No ..." denies the label
        (
            NOTHING,
            "* Outdoor Seating: No outdoor seating available\n* WiFi: Not available\n* Takeout: no",
            [("outdoor seating", "no", "grounded"), ("WiFi", "no", "grounded"), ("Takeout", "no", "grounded")],
        ),
        (NOTHING, "* WiFi: Yes, free for customers", [("WiFi", "yes", "conflict")]),
        (
            NOTHING,
            "- **WiFi:** Not available\n- **Takeout**: Yes",
            [("WiFi", "no", "grounded"), ("Takeout", "yes", "conflict")],
        ),
        # ...a value that is no bare yes or no says what it says, not the label
        (NOTHING, "* WiFi: No charge for customers", []),
        (NOTHING, "* Reservations: Not required, walk-ins welcome\n* Outdoor Seating: Not specified", []),
        (LOT_ONLY, "- Parking: No garage; a lot is available", [("garage", "no", "grounded")]),
        (
            NOTHING_PARKING,
            "* Business Parking: No validated parking, garage, or valet available",
            [("validated parking", "no", "grounded"), ("garage", "no", "grounded"), ("valet", "no", "grounded")],
        ),
        (
            LOT_ONLY,
            "One thing to note about parking: not much is available near the door.",
            [("parking", "yes", "grounded")],
        ),
        (
            NOTHING,
            "* Takeout: No - dine-in only\n* WiFi: Available for free",
            [("Takeout", "no", "grounded"), ("WiFi", "yes", "conflict")],
        ),
        (NOTHING, "- No takeout: the restaurant is dine-in only", [("takeout", "no", "grounded")]),
        (
            NOTHING,
            "They don't offer the following: takeout, WiFi, or outdoor seating.",
            [("takeout", "no", "grounded"), ("WiFi", "no", "grounded"), ("outdoor seating", "no", "grounded")],
        ),
        (NOTHING, "**WiFi:** The restaurant does not offer WiFi.", [("WiFi", "no", "grounded")]),
        # a comma after "A and B" ends the phrase a verb's negation covers
        (
            NOTHING,
            "They don't offer WiFi and takeout, which is a shame.",
            [("WiFi", "no", "grounded"), ("takeout", "no", "grounded")],
        ),
        # an adverb between the verb and "not"
        (NOTHING, "Wi-Fi is also not available at the venue.", [("Wi-Fi", "no", "grounded")]),
        # validating parking is the validated kind, not parking at all
        (
            LISTS,
            "The business offers takeout, but does not validate parking.",
            [("takeout", "yes", "conflict"), ("validate parking", "no", "grounded")],
        ),
        (
            NOTHING_ALL,
            "They do not provide reservations, validation for parking, WiFi or takeout.",
            [
                ("reservations", "no", "grounded"),
                ("validation for parking", "no", "grounded"),
                ("WiFi", "no", "grounded"),
                ("takeout", "no", "grounded"),
            ],
        ),
        # a verb's negation covers "A and B" when B ends the phrase
        (
            NOTHING,
            "However, it doesn't provide WiFi and outdoor seating, though it offers takeout.",
            [("WiFi", "no", "grounded"), ("outdoor seating", "no", "grounded"), ("takeout", "yes", "conflict")],
        ),
        (
            NOTHING,
            "It doesn't have WiFi and outdoor seating is available.",
            [("WiFi", "no", "grounded"), ("outdoor seating", "yes", "conflict")],
        ),
        # a non-term item before "or" without a comma stays in the list
        (
            STREET_ONLY,
            "It offers street parking but no garage, lot or valet parking options.",
            [("street parking", "yes", "grounded"), ("garage", "no", "grounded"), ("valet parking", "no", "grounded")],
        ),
        # "parking can be limited", "parking options do not include ...": nothing said of parking itself
        (
            STREET_ONLY,
            "Parking can be limited, and it does not offer valet or validate parking.",
            [("valet", "no", "grounded"), ("validate parking", "no", "grounded")],
        ),
        (
            NOTHING_PARKING,
            "The business parking options do not include a garage, validated or valet parking.",
            [("garage", "no", "grounded"), ("validated", "no", "grounded"), ("valet parking", "no", "grounded")],
        ),
        (
            VALET_ONLY,
            "There is no parking except valet.",
            [("parking", "no", "grounded"), ("valet", "yes", "grounded")],
        ),
        (
            LOT_ONLY,
            "There is no parking except for street parking.",
            [("parking", "no", "conflict"), ("street parking", "yes", "conflict")],
        ),
        (
            VALET_ONLY,
            "There's no self-parking; however, valet is available.",
            [("parking", "no", "grounded"), ("valet", "yes", "grounded")],
        ),
        (
            LOT_ONLY,
            "While it is downtown, there is no parking, and the parking lot across the street is private.",
            [("parking", "no", "conflict"), ("parking lot", "yes", "grounded")],
        ),
        # "without A and B" only when B ends the phrase; "The lack of A and B is ..." opens its sentence
        (
            WIFI_ONLY,
            "Walk-ins are welcome without reservations and WiFi lets you work.",
            [("reservations", "no", "grounded"), ("WiFi", "yes", "grounded")],
        ),
        (
            NOTHING,
            "The lack of WiFi and outdoor seating is a downside.",
            [("WiFi", "no", "grounded"), ("outdoor seating", "no", "grounded")],
        ),
        (
            NOTHING,
            "The absence of takeout and outdoor seating hurts.",
            [("takeout", "no", "grounded"), ("outdoor seating", "no", "grounded")],
        ),
        (
            WIFI_ONLY,
            "It has a lack of reservations and WiFi is free.",
            [("reservations", "no", "grounded"), ("WiFi", "yes", "grounded")],
        ),
    ],
)
def test_negated_lists(record, answer, expected):
    facts = check_record_facts(answer, [json.dumps(record)])
    assert [(f["text"], f["claim"], f["status"]) for f in facts] == expected


ALL_TRUE = {
    "attributes": {
        "OutdoorSeating": True,
        "WiFi": "free",
        "RestaurantsReservations": True,
        "RestaurantsTakeOut": True,
        "Music": True,
        "BusinessParking": {"lot": True},
    }
}


@pytest.mark.parametrize(
    "answer, expected",
    [
        # a negation word that denies nothing does not open a list
        (
            "Not surprisingly, WiFi, takeout, and outdoor seating are available.",
            [("WiFi", "yes"), ("takeout", "yes"), ("outdoor seating", "yes")],
        ),
        (
            "Though it isn't cheap, WiFi, outdoor seating, and live music make it worthwhile.",
            [("WiFi", "yes"), ("outdoor seating", "yes"), ("live music", "yes")],
        ),
        (
            "If you don't mind crowds, WiFi, takeout, and a patio are available.",
            [("WiFi", "yes"), ("takeout", "yes"), ("patio", "yes")],
        ),
        (
            "It not only has WiFi, takeout, and outdoor seating, but also live music.",
            [("WiFi", "yes"), ("takeout", "yes"), ("outdoor seating", "yes"), ("live music", "yes")],
        ),
        (
            "You can't go wrong with WiFi, takeout, and outdoor seating.",
            [("WiFi", "yes"), ("takeout", "yes"), ("outdoor seating", "yes")],
        ),
        (
            "Don't miss the patio, live music, and takeout.",
            [("patio", "yes"), ("live music", "yes"), ("takeout", "yes")],
        ),
        ("They don't just offer takeout, they also have WiFi.", [("takeout", "yes"), ("WiFi", "yes")]),
        # "or" carries a denial into a verb of offering, not into any verb
        ("You don't need a reservation or worry about parking, since there is a large lot.", [("parking", "yes")]),
        ("They don't take reservations or charge for parking.", [("reservations", "no"), ("parking", "yes")]),
    ],
)
def test_negation_words_that_deny_nothing(answer, expected):
    facts = check_record_facts(answer, [json.dumps(ALL_TRUE)])
    assert [(f["text"], f["claim"]) for f in facts] == expected
