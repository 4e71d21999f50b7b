"""Payment: send money to a contact, or ask a contact for money."""

from __future__ import annotations

import datetime
import random
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from assistworld.apps.services._common import (
    InvalidArgumentError,
    NoMatchError,
    choice,
    nonempty,
    rows,
    same,
    stored,
)
from assistworld.apps.services._places import person_names
from assistworld.tools.declaration import tool
from assistworld.world.tables import Table, keyed, members
from assistworld.world.world import World

APP = "Payment"
DESCRIPTION = "Send money to your contacts, or ask them to pay you."
PAYMENT_METHODS: tuple[str, ...] = ("app balance", "credit card", "debit card")
LARGEST_AMOUNT = 10_000.0


class Transfer(BaseModel):
    """Money sent to a contact."""

    model_config = ConfigDict(extra="forbid")

    receiver: str = Field(description="contact the money went to")
    amount: float = Field(description="amount sent, in dollars")
    payment_method: str = Field(description="app balance, credit card or debit card")
    private_visibility: bool = Field(description="whether the payment is hidden from the feed")


class PaymentRequest(BaseModel):
    """Money asked of a contact."""

    model_config = ConfigDict(extra="forbid")

    receiver: str = Field(description="contact asked to pay")
    amount: float = Field(description="amount asked for, in dollars")
    private_visibility: bool = Field(description="whether the request is hidden from the feed")


CONTACTS = members("payment_contacts", str, "names of the people money can be exchanged with.")
TRANSFERS = keyed("payments", Transfer, "payment id -> money sent.")
REQUESTS = keyed("payment_requests", PaymentRequest, "request id -> money asked for.")
TABLES: tuple[Table[Any], ...] = (CONTACTS, TRANSFERS, REQUESTS)
FILLED: tuple[Table[Any], ...] = (CONTACTS,)
"""The tables ``populate`` fills (the others start empty and hold what APIs add)."""


def populate(world: World, rng: random.Random, now: datetime.datetime) -> None:
    """Ten contacts."""
    world.table(CONTACTS).extend(rng.sample(person_names(), 10))


def _contact(api: str, receiver: str) -> str:
    name = nonempty(api, "receiver", receiver)
    contacts: list[str] = rows(CONTACTS)
    known = next((c for c in contacts if same(c, name)), None)
    if known is None:
        raise NoMatchError(f"{api}: {name!r} is not one of your contacts: " + ", ".join(contacts))
    return known


def _amount(api: str, amount: float) -> float:
    if not 0 < amount <= LARGEST_AMOUNT:
        raise InvalidArgumentError(
            f"{api}: amount={amount} must be more than 0 and at most {LARGEST_AMOUNT:.0f}"
        )
    return round(amount, 2)


@tool(app=APP, effect="write")
def makepayment(
    payment_method: str, amount: float, receiver: str, private_visibility: bool = False
) -> Transfer:
    """Send money to a contact; the payment made.

    payment_method
        Where the money comes from: app balance, credit card or debit card.
    amount
        Dollars to send (more than 0, at most 10000).
    receiver
        Name of the contact to pay.
    private_visibility
        Whether to hide the payment from the feed.
    """
    api = "makepayment"
    transfer = Transfer(
        receiver=_contact(api, receiver),
        amount=_amount(api, amount),
        payment_method=choice(api, "payment_method", payment_method, PAYMENT_METHODS),
        private_visibility=private_visibility,
    )
    return stored(TRANSFERS, "payment", transfer)


@tool(app=APP, effect="write")
def requestpayment(
    receiver: str, amount: float, private_visibility: bool = False
) -> PaymentRequest:
    """Ask a contact for money; the request sent.

    receiver
        Name of the contact to ask.
    amount
        Dollars to ask for (more than 0, at most 10000).
    private_visibility
        Whether to hide the request from the feed.
    """
    api = "requestpayment"
    request = PaymentRequest(
        receiver=_contact(api, receiver),
        amount=_amount(api, amount),
        private_visibility=private_visibility,
    )
    return stored(REQUESTS, "payment_request", request)


__all__ = ["PaymentRequest", "Transfer", "makepayment", "requestpayment"]
