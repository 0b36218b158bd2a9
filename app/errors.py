"""Errors the service reports to its callers, each with an HTTP status and a stable code."""


class ServiceError(Exception):
    status = 400
    code = "bad_request"

    def __init__(self, message, code=None):
        super().__init__(message)
        self.message = message
        if code:
            self.code = code


class BadInput(ServiceError):
    status = 422
    code = "invalid"


class Forbidden(ServiceError):
    status = 403
    code = "bad_link"


class NotFound(ServiceError):
    status = 404
    code = "not_found"


class Conflict(ServiceError):
    """The request was made against a position or status that has since changed."""

    status = 409
    code = "conflict"


class Busy(ServiceError):
    """Two changes to one game crossed in the database, which undid this one: nothing was written."""

    status = 503
    code = "busy"
