"""Bone-Ace's robots: One-and-Thirty's, since the bone is settled before anyone moves."""

from ..profile import register_profile
from .one_and_thirty import OneAndThirtyProfile


@register_profile
class BoneAceProfile(OneAndThirtyProfile):
    game = "bone_ace"
